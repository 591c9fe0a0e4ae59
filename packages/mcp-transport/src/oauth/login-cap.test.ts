import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, expect, it } from "vitest";
import { rejection } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import type { OAuthOptions } from "../connection-types.js";
import { FileOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-oauth-cap-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("logs in for one step-up only when the server keeps asking for another scope, then names it", async () => {
  // Every login succeeds, then the server asks for one more scope and refuses to refresh: the
  // step-up is a second login, and the request refused again after it fails.
  const server = await startFixtureHttpServer(
    { oauth: true, oauthStepUpForever: true },
    guard.env(),
  );
  guard.defer(() => server.close());
  const opened: URL[] = [];
  const authorize: OAuthOptions["authorize"] = async (url) => {
    opened.push(url);
    await (await fetch(url)).arrayBuffer();
  };
  const error = await rejection(
    connectServer(
      "looping",
      { type: "http", url: server.url },
      {
        oauth: { store: new FileOAuthStore(join(scratch, "store")), authorize },
        reconnect: { initialRetries: 0 },
      },
    ),
  );
  expect(error.code).toBe("AUTH");
  expect(error.message).toContain(
    `Server "looping" at ${server.url} still refuses the request after one step-up of the authorization: it asks for scope "mcp extra-2" (HTTP 403 insufficient_scope).`,
  );
  expect(opened).toHaveLength(2);
  expect(server.stderr().match(/oauth authorization approved/g)).toHaveLength(2);
});
