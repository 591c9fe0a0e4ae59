import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type FixtureServerOptions,
  issuedTokens,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, expect, it } from "vitest";
import { rejection, textOf } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import type { OAuthOptions } from "../connection-types.js";
import type { McpTransportError } from "../errors.js";
import { FileOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-oauth-step-up-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Connects `name` to a fixture OAuth server started with `options` that approves every login.
 * Gives the connecting connection, the URLs shown to log in, and the server.
 */
async function startOAuthServer(name: string, options: FixtureServerOptions) {
  const server = await startFixtureHttpServer({ oauth: true, ...options }, guard.env());
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

/**
 * {@link startOAuthServer} for a server that refuses every request 403 insufficient_scope for
 * one more scope each time; `refreshable`: while granting refreshes.
 */
function startEndlessStepUp(name: string, refreshable: boolean, method?: string) {
  return startOAuthServer(name, {
    oauthStepUpForever: true,
    oauthStepUpRefreshable: refreshable,
    ...(method ? { oauthStepUpMethod: method } : {}),
  });
}

/**
 * {@link startOAuthServer} for a server whose tool calls need `scope` (and grant it at a
 * login), connected: the connection, the URLs shown to log in, the server, and its controls.
 */
async function connectScoped(name: string, scope: string) {
  const { connecting, opened, server } = await startOAuthServer(name, {
    oauthRequireScope: scope,
    oauthStepUpMethod: "tools/call",
  });
  const control = async (path: string) => {
    const response = await fetch(new URL(`/fixture/oauth/${path}`, server.url), {
      method: "POST",
    });
    expect(response.status).toBe(200);
  };
  return { connection: await connecting, opened, server, control };
}

/** {@link startEndlessStepUp} refusing every request: the connect error and what happened. */
async function connectToEndlessStepUp(name: string, refreshable: boolean) {
  const { connecting, opened, server } = await startEndlessStepUp(name, refreshable);
  const error: McpTransportError = await rejection(connecting);
  return { error, opened, url: server.url, stderr: server.stderr() };
}

/** Why a refused request stays refused, as the step-up error words it. */
const WHY = {
  afterStepUp: "still refuses the request after one step-up of the authorization",
  noLoginLeft:
    "refuses the request, and its step-up of the authorization needs a login, but this connection has run the 4 logins it may",
  noAuthorize:
    "refuses the request, and its step-up of the authorization needs a login, which this connection cannot show",
};

/** The error of a request refused for want of `scope` after its one step-up (or `why` not). */
function refusedAfterStepUp(
  name: string,
  url: string,
  scope: string,
  why: keyof typeof WHY = "afterStepUp",
): string {
  return `Server "${name}" at ${url} ${WHY[why]}: it asks for scope "${scope}" (HTTP 403 insufficient_scope). Have that scope granted to this client at the authorization server, or name it in the server's oauth.scopes, and log in again. (log in to "${name}" again)`;
}

it("tries one step-up (a login, never a refresh) when the server keeps asking for more scope while granting refreshes, then names the scope", async () => {
  // Without a bound the SDK authorizes and resends for ever: each 403 asks for something new.
  const { error, opened, url, stderr } = await connectToEndlessStepUp("scoped", true);
  expect(error.code).toBe("AUTH");
  expect(error.status).toBe(403);
  expect(error.message).toBe(refusedAfterStepUp("scoped", url, "mcp extra-2"));
  expect(opened).toHaveLength(2);
  expect(stderr.match(/oauth step-up \d+/g)).toEqual(["oauth step-up 1", "oauth step-up 2"]);
  expect(stderr).not.toContain("oauth token issued (refresh_token)");
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
  // No login is left for the fourth call's step-up, nor for the fifth call's: named as one.
  expect(errors.slice(3)).toEqual([
    refusedAfterStepUp("capped", server.url, "mcp extra-7", "noLoginLeft"),
    refusedAfterStepUp("capped", server.url, "mcp extra-8", "noLoginLeft"),
  ]);
});

it("steps up with a new login for the scopes held and the scope asked for, though it holds a refresh token; later refreshes keep them", async () => {
  // A refresh cannot widen a grant: the fixture's refresh keeps the old scope, so a step-up
  // answered with one would be refused again.
  const { connection, opened, server, control } = await connectScoped("wider", "mcp:tools");
  guard.track(connection);
  expect(textOf(await connection.callTool("echo", { text: "stepped up" }))).toBe("stepped up");
  expect(opened.map((url) => url.searchParams.get("scope"))).toEqual(["mcp", "mcp mcp:tools"]);
  expect(server.stderr()).toContain('oauth scope refused, wants "mcp:tools"');
  expect(issuedTokens(server.stderr())).toEqual([
    "authorization_code: mcp",
    "authorization_code: mcp mcp:tools",
  ]);
  // The new grant's refresh token is used again once its access token expires: no login.
  await control("expire-tokens");
  expect(textOf(await connection.callTool("echo", { text: "refreshed" }))).toBe("refreshed");
  expect(opened).toHaveLength(2);
  expect(issuedTokens(server.stderr()).at(-1)).toBe("refresh_token: mcp mcp:tools");
});

it("forgets a request the server accepted: the same request steps up again when the server later wants more", async () => {
  const { connection, opened, control } = await connectScoped("again", "mcp:read");
  guard.track(connection);
  // Refused, then accepted after its step-up.
  expect(textOf(await connection.callTool("echo", { text: "same" }))).toBe("same");
  await control("require-scope?scope=mcp:write");
  // The very same request is refused again: a step-up of its own, not the bound's error.
  expect(textOf(await connection.callTool("echo", { text: "same" }))).toBe("same");
  expect(opened.map((url) => url.searchParams.get("scope"))).toEqual([
    "mcp",
    "mcp mcp:read",
    "mcp mcp:read mcp:write",
  ]);
});

it("names the scope when a step-up needs a login nobody can be shown, and refreshes again afterwards", async () => {
  const { connection: first, server, control } = await connectScoped("headless", "mcp:tools");
  await first.close(); // logged in once: its tokens are stored
  const connection = guard.track(
    await connectServer(
      "headless",
      { type: "http", url: server.url },
      {
        oauth: {
          store: new FileOAuthStore(join(scratch, "headless")),
          loginHint: (server) => `(log in to "${server}" again)`,
        },
        reconnect: { initialRetries: 0 },
      },
    ),
  );
  const error = await rejection(connection.callTool("echo", { text: "more" }));
  expect(error.code).toBe("AUTH");
  expect(error.message).toBe(
    refusedAfterStepUp("headless", server.url, "mcp:tools", "noAuthorize"),
  );
  // The step-up is over: an expired token is refreshed (no login could run here).
  await control("expire-tokens");
  expect((await connection.listTools()).length).toBeGreaterThan(0);
  expect(issuedTokens(server.stderr())).toEqual(["authorization_code: mcp", "refresh_token: mcp"]);
});

it("two requests refused at once for want of scope share one step-up login, and both are answered", async () => {
  const { connection, opened, server } = await connectScoped("together", "mcp:tools");
  guard.track(connection);
  const [first, second] = await Promise.all([
    connection.callTool("echo", { text: "first" }),
    connection.callTool("echo", { text: "second" }),
  ]);
  expect(textOf(first)).toBe("first");
  expect(textOf(second)).toBe("second");
  // The first login, then one step-up login for both requests.
  expect(opened.map((url) => url.searchParams.get("scope"))).toEqual(["mcp", "mcp mcp:tools"]);
  expect(issuedTokens(server.stderr())).toEqual([
    "authorization_code: mcp",
    "authorization_code: mcp mcp:tools",
  ]);
});

it("a step-up that fails before its login URL is built is over with its request: an expired token is refreshed, not logged in again", async () => {
  const { connection, opened, server, control } = await connectScoped("broken", "mcp:tools");
  guard.track(connection);
  await control("discovery?down=1");
  const error = await rejection(connection.callTool("echo", { text: "more" }));
  expect(error.message).toContain("HTTP 503 trying to load OAuth metadata");
  expect(server.stderr()).toContain("fixture: oauth discovery down");
  expect(opened).toHaveLength(1);
  // Were the step-up still under way, the refresh token would stay hidden: a login instead.
  await control("discovery?down=0");
  await control("expire-tokens");
  expect((await connection.listTools()).length).toBeGreaterThan(0);
  expect(opened).toHaveLength(1);
  expect(issuedTokens(server.stderr())).toEqual(["authorization_code: mcp", "refresh_token: mcp"]);
});
