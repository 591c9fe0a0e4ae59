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
async function startEndlessStepUp(name: string, refreshable: boolean, method?: string) {
  const server = await startFixtureHttpServer(
    {
      oauth: true,
      oauthStepUpForever: true,
      oauthStepUpRefreshable: refreshable,
      ...(method ? { oauthStepUpMethod: method } : {}),
    },
    guard.env(),
  );
  guard.defer(() => server.close());
  const opened: URL[] = [];
  const authorize: OAuthOptions["authorize"] = async (url) => {
    opened.push(url);
    await (await fetch(url)).arrayBuffer();
  };
  const connecting = connectServer(
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
  );
  return { connecting, opened, server };
}

/** {@link startEndlessStepUp} refusing every request: the connect error and what happened. */
async function connectToEndlessStepUp(name: string, refreshable: boolean) {
  const { connecting, opened, server } = await startEndlessStepUp(name, refreshable);
  const error: McpTransportError = await rejection(connecting);
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

it("runs at most 4 logins on one connection, however many requests each ask for a step-up", async () => {
  // The session starts (login 1); then each tool call is refused for one more scope, and each
  // step-up is a login, until the connection's logins run out.
  const { connecting, opened, server } = await startEndlessStepUp("capped", false, "tools/call");
  const connection = await connecting;
  guard.defer(() => connection.close());
  const errors: string[] = [];
  for (let call = 1; call <= 5; call++) {
    errors.push((await rejection(connection.callTool("echo", { text: `call ${call}` }))).message);
  }
  expect(opened).toHaveLength(4);
  expect(server.stderr().match(/oauth authorization approved/g)).toHaveLength(4);
  expect(errors.slice(0, 3)).toEqual([
    refusedAfterStepUp("capped", server.url, "mcp extra-2"),
    refusedAfterStepUp("capped", server.url, "mcp extra-4"),
    refusedAfterStepUp("capped", server.url, "mcp extra-6"),
  ]);
  // No login is left for the fourth call's step-up, nor for the fifth call.
  const noLoginLeft = `Server "capped" at ${server.url} needs an OAuth login and it did not complete. (log in to "capped" again)`;
  expect(errors.slice(3)).toEqual([noLoginLeft, noLoginLeft]);
});
