import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { expect, it } from "vitest";
import { rejection } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import type { OAuthOptions } from "../connection-types.js";
import { MemoryOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

it("tries one step-up when the server keeps asking for more scope while granting refreshes, then names the scope", async () => {
  // After the login, every request is refused 403 insufficient_scope for one more scope each
  // time, and each refresh the SDK answers that with is granted: without a bound, it loops.
  const server = await startFixtureHttpServer(
    { oauth: true, oauthStepUpForever: true, oauthStepUpRefreshable: true },
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
      "scoped",
      { type: "http", url: server.url },
      {
        oauth: {
          store: new MemoryOAuthStore(),
          authorize,
          loginHint: (name) => `(log in to "${name}" again)`,
        },
        reconnect: { initialRetries: 0 },
      },
    ),
  );
  expect(error.code).toBe("AUTH");
  expect(error.message).toBe(
    `Server "scoped" at ${server.url} still refuses the request after one step-up of the authorization: it asks for scope "mcp extra-2" (HTTP 403 insufficient_scope). Have that scope granted to this client at the authorization server, or name it in the server's oauth.scopes, and log in again. (log in to "scoped" again)`,
  );
  expect(opened).toHaveLength(1);
  expect(server.stderr().match(/oauth step-up \d+/g)).toEqual([
    "oauth step-up 1",
    "oauth step-up 2",
  ]);
  expect(server.stderr().match(/oauth token issued \(refresh_token\)/g)).toHaveLength(1);
});
