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
import type { McpTransportError } from "../errors.js";
import { FileOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-oauth-step-up-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Connects `name` to a fixture server that approves every login, then refuses every request
 * 403 insufficient_scope for one more scope each time; `refreshable`: while granting refreshes.
 * Gives the connect error, the URLs shown to log in, and the server's stderr.
 */
async function connectToEndlessStepUp(name: string, refreshable: boolean) {
  const server = await startFixtureHttpServer(
    { oauth: true, oauthStepUpForever: true, oauthStepUpRefreshable: refreshable },
    guard.env(),
  );
  guard.defer(() => server.close());
  const opened: URL[] = [];
  const authorize: OAuthOptions["authorize"] = async (url) => {
    opened.push(url);
    await (await fetch(url)).arrayBuffer();
  };
  const error: McpTransportError = await rejection(
    connectServer(
      name,
      { type: "http", url: server.url },
      {
        oauth: {
          store: new FileOAuthStore(join(scratch, name)),
          authorize,
          loginHint: (server) => `(log in to "${server}" again)`,
        },
        reconnect: { initialRetries: 0 },
      },
    ),
  );
  return { error, opened, url: server.url, stderr: server.stderr() };
}

/** The error of a request refused for want of `scope` after its one step-up. */
function refusedAfterStepUp(name: string, url: string, scope: string): string {
  return `Server "${name}" at ${url} still refuses the request after one step-up of the authorization: it asks for scope "${scope}" (HTTP 403 insufficient_scope). Have that scope granted to this client at the authorization server, or name it in the server's oauth.scopes, and log in again. (log in to "${name}" again)`;
}

it("tries one step-up (a refresh) when the server keeps asking for more scope while granting refreshes, then names the scope", async () => {
  // Without a bound the SDK refreshes and resends for ever: each 403 asks for something new.
  const { error, opened, url, stderr } = await connectToEndlessStepUp("scoped", true);
  expect(error.code).toBe("AUTH");
  expect(error.status).toBe(403);
  expect(error.message).toBe(refusedAfterStepUp("scoped", url, "mcp extra-2"));
  expect(opened).toHaveLength(1);
  expect(stderr.match(/oauth step-up \d+/g)).toEqual(["oauth step-up 1", "oauth step-up 2"]);
  expect(stderr.match(/oauth token issued \(refresh_token\)/g)).toHaveLength(1);
});

it("logs in for one step-up only when the server keeps asking for more scope and refuses refreshes", async () => {
  // The step-up is a second login (on the connection's next transport); refused again, it fails.
  const { error, opened, url, stderr } = await connectToEndlessStepUp("looping", false);
  expect(error.code).toBe("AUTH");
  expect(error.message).toBe(refusedAfterStepUp("looping", url, "mcp extra-2"));
  expect(opened).toHaveLength(2);
  expect(stderr.match(/oauth authorization approved/g)).toHaveLength(2);
});
