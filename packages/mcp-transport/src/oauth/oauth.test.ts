import { mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, describe, expect, it } from "vitest";
import { rejection, textOf } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import type { OAuthOptions } from "../connection-types.js";
import { parseServerConfig } from "../parse-server-config.js";
import { logIn } from "./log-in.js";
import { listenForCallback } from "./loopback-callback.js";
import { FileOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-oauth-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;

/** A "browser" that opens the URL and follows the redirects back to the loopback callback. */
function browser(opened: URL[], servers: string[] = []): OAuthOptions["authorize"] {
  return async (url, { server }) => {
    opened.push(url);
    servers.push(server);
    await (await fetch(url)).arrayBuffer();
  };
}

async function oauthServer(ttl?: number) {
  const server = await startFixtureHttpServer(
    { oauth: true, ...(ttl ? { oauthTokenTtlS: ttl } : {}) },
    guard.env(),
  );
  guard.defer(() => server.close());
  return server;
}

describe("OAuth against a real local authorization server + MCP server", () => {
  it("logs in through the browser (discovery, registration, PKCE), stores 0600 tokens, reuses them", async () => {
    const server = await oauthServer();
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const opened: URL[] = [];
    const servers: string[] = [];
    const oauth = { store, authorize: browser(opened, servers) };
    const first = guard.track(
      await connectServer("secure", { type: "http", url: server.url }, { oauth }),
    );
    expect(textOf(await first.callTool("echo", { text: "hi" }))).toBe("hi");
    expect(opened).toHaveLength(1);
    expect(servers).toEqual(["secure"]);
    expect(opened[0]?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(opened[0]?.searchParams.get("redirect_uri")).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    const file = store.fileOf("secure");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.tokens.access_token).toMatch(/^at-/);
    await first.close();

    // A second connection uses the stored token: no browser.
    const second = guard.track(
      await connectServer("secure", { type: "http", url: server.url }, { oauth }),
    );
    expect(textOf(await second.callTool("echo", { text: "again" }))).toBe("again");
    expect(opened).toHaveLength(1);
    expect(server.stderr().match(/oauth authorization approved/g)).toHaveLength(1);
  });

  it("refreshes an expired token without a browser", async () => {
    const server = await oauthServer(1);
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const opened: URL[] = [];
    const oauth = { store, authorize: browser(opened) };
    const first = guard.track(
      await connectServer("secure", { type: "http", url: server.url }, { oauth }),
    );
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the 1 s token expires
    const second = guard.track(
      await connectServer("secure", { type: "http", url: server.url }, { oauth }),
    );
    expect(textOf(await second.callTool("echo", { text: "fresh" }))).toBe("fresh");
    expect(opened).toHaveLength(1);
    expect(server.stderr()).toContain("oauth token issued (refresh_token)");
  });

  it("fails with AUTH and the caller's hint when nobody can open the URL, printing no token", async () => {
    const server = await oauthServer();
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const error = await rejection(
      connectServer(
        "secure",
        { type: "http", url: server.url },
        {
          oauth: { store, loginHint: (name) => `Run \`tinyloop mcp login ${name}\`.` },
          reconnect: { initialRetries: 0 },
        },
      ),
    );
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain('Server "secure"');
    expect(error.message).toContain("needs an OAuth login. Run `tinyloop mcp login secure`.");
  });
});

describe("logIn", () => {
  it("logs in afresh each time: the stored tokens are forgotten first, the new ones saved", async () => {
    const server = await oauthServer();
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const opened: URL[] = [];
    const oauth = { store, authorize: browser(opened) };
    expect(await logIn("secure", { type: "http", url: server.url }, oauth)).toEqual({
      loggedIn: true,
    });
    const first = (await store.load("secure"))?.tokens?.access_token;
    expect(first).toMatch(/^at-/);
    expect(await logIn("secure", { type: "http", url: server.url, enabled: false }, oauth)).toEqual(
      { loggedIn: true },
    );
    expect(opened).toHaveLength(2);
    const second = (await store.load("secure"))?.tokens?.access_token;
    expect(second).toMatch(/^at-/);
    expect(second).not.toBe(first);
    expect(server.stderr().match(/oauth authorization approved/g)).toHaveLength(2);
  });

  it("says no login was needed for a server that asks for none, and stores nothing", async () => {
    const server = await startFixtureHttpServer({}, guard.env());
    guard.defer(() => server.close());
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const opened: URL[] = [];
    const result = await logIn("open", { url: server.url }, { store, authorize: browser(opened) });
    expect(result).toEqual({ loggedIn: false });
    expect(opened).toEqual([]);
    expect(await store.load("open")).toBeUndefined();
  });

  it("refuses a stdio server without starting it", async () => {
    const store = new FileOAuthStore(join(scratch, `store-${dirs++}`));
    const error = await rejection(
      logIn("local", { command: "definitely-not-started-xyz" }, { store }),
    );
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toBe(
      'server "local" is a stdio server; OAuth login is for HTTP servers (configured with a url)',
    );
  });
});

describe("config oauth", () => {
  it("accepts a pre-registered client and says what is wrong with a bad field", () => {
    const config = parseServerConfig(
      {
        url: "https://a.test/mcp",
        oauth: { clientId: "id", clientSecret: "s", callbackPort: 8765 },
      },
      "servers.gh",
    );
    expect(config).toMatchObject({ oauth: { clientId: "id", callbackPort: 8765 } });
    expect(() =>
      parseServerConfig(
        { url: "https://a.test/mcp", oauth: { clientMetadataUrl: "http://a.test/c.json" } },
        "servers.gh",
      ),
    ).toThrow(
      "servers.gh.oauth.clientMetadataUrl: expected an https URL of the client metadata document",
    );
  });
});

describe("listenForCallback", () => {
  it("ignores a redirect with another state and rejects on an error redirect", async () => {
    const callback = await listenForCallback(0);
    try {
      const code = callback.code("s1", 10_000);
      await fetch(`${callback.redirectUrl}?code=forged&state=other`);
      await fetch(`${callback.redirectUrl}?code=real&state=s1`);
      expect(await code).toBe("real");
      const refused = callback.code("s2", 10_000).then(
        () => "resolved",
        (error: Error) => error.message,
      );
      await fetch(`${callback.redirectUrl}?error=access_denied&state=s2`);
      expect(await refused).toBe("the authorization server refused: access_denied");
    } finally {
      await callback.close();
    }
  });

  it("names the port when it is taken", async () => {
    const taken = await listenForCallback(0);
    try {
      await expect(listenForCallback(taken.port)).rejects.toThrow(
        `the OAuth callback port ${taken.port} is in use`,
      );
    } finally {
      await taken.close();
    }
  });
});
