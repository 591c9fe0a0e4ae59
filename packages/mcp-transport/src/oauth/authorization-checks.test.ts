import {
  type FixtureServerOptions,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { rejection, textOf } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import { withOfflineAccess } from "./authorization-checks.js";
import { MemoryOAuthStore } from "./oauth-store.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

/** Logs in through a "browser" that follows the redirects; returns what it opened. */
async function logInTo(options: FixtureServerOptions) {
  const server = await startFixtureHttpServer({ oauth: true, ...options }, guard.env());
  guard.defer(() => server.close());
  const opened: URL[] = [];
  const oauth = {
    store: new MemoryOAuthStore(),
    authorize: async (url: URL) => {
      opened.push(url);
      await (await fetch(url)).arrayBuffer();
    },
  };
  const connection = connectServer(
    "secure",
    { type: "http", url: server.url },
    { oauth, reconnect: { initialRetries: 0 } },
  ).then((made) => guard.track(made));
  return { server, opened, connection };
}

describe("2026-07-28 authorization checks, also against 2025-11-25 servers", () => {
  it("accepts the iss the server advertises and sends (RFC 9207)", async () => {
    const { connection } = await logInTo({ oauthIss: "correct" });
    expect(textOf(await (await connection).callTool("echo", { text: "iss" }))).toBe("iss");
  });

  it("accepts a redirect without iss from a server that does not advertise it (2025-11-25)", async () => {
    const { connection, server } = await logInTo({ oauthIss: "omit", oauthIssNotAdvertised: true });
    expect(textOf(await (await connection).callTool("echo", { text: "old" }))).toBe("old");
    expect(server.stderr()).toContain("oauth token issued (authorization_code)");
  });

  it.each([
    [
      "a wrong iss, advertised",
      { oauthIss: "wrong" },
      'came from issuer "https://evil.example.com"',
    ],
    [
      "a wrong iss, not advertised",
      { oauthIss: "wrong", oauthIssNotAdvertised: true },
      "came from issuer",
    ],
    ["no iss although advertised", { oauthIss: "omit" }, 'has no "iss" although'],
  ] as const)("refuses %s: the code is never exchanged", async (_case, options, words) => {
    const { connection, server, opened } = await logInTo(options);
    const error = await rejection(connection);
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain(words);
    expect(opened).toHaveLength(1);
    expect(server.stderr()).not.toContain("oauth token issued");
  });

  it("refuses metadata whose issuer is another server's: no registration, no browser", async () => {
    const { connection, server, opened } = await logInTo({
      oauthMetadataIssuer: "https://attacker.example.com",
    });
    const error = await rejection(connection);
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain("names another issuer (https://attacker.example.com)");
    expect(opened).toHaveLength(0);
    expect(server.stderr()).not.toContain("oauth client registered");
  });

  it("refuses protected resource metadata naming another resource: no authorization asked", async () => {
    const { connection, opened } = await logInTo({
      oauthPrmResource: "https://evil.example.com/mcp",
    });
    const error = await rejection(connection);
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain("names another resource (https://evil.example.com/mcp)");
    expect(opened).toHaveLength(0);
  });

  it("asks for offline_access (with prompt=consent) when the authorization server lists it", async () => {
    const { connection, opened } = await logInTo({ oauthScopesSupported: "mcp offline_access" });
    await connection;
    expect(opened[0]?.searchParams.get("scope")).toBe("mcp offline_access");
    expect(opened[0]?.searchParams.get("prompt")).toBe("consent");
  });

  it("authorization-server migration: what another issuer issued is neither sent nor used; it registers anew", async () => {
    const server = await startFixtureHttpServer({ oauth: true }, guard.env());
    guard.defer(() => server.close());
    const store = new MemoryOAuthStore();
    await store.save("secure", {
      serverUrl: server.url,
      client: { client_id: "client-of-old-as", issuer: "https://old-as.example.com" },
      tokens: {
        access_token: "at-of-old-as",
        token_type: "Bearer",
        refresh_token: "rt-of-old-as",
        issuer: "https://old-as.example.com",
      },
    });
    const opened: URL[] = [];
    const oauth = {
      store,
      authorize: async (url: URL) => {
        opened.push(url);
        await (await fetch(url)).arrayBuffer();
      },
    };
    const connection = guard.track(
      await connectServer("secure", { type: "http", url: server.url }, { oauth }),
    );
    expect(textOf(await connection.callTool("echo", { text: "moved" }))).toBe("moved");
    expect(opened[0]?.searchParams.get("client_id")).not.toBe("client-of-old-as");
    expect(server.stderr()).toContain("oauth client registered");
    expect(server.stderr()).not.toContain("oauth token issued (refresh_token)");
    const saved = await store.load("secure");
    expect(saved?.client?.issuer).toBe(new URL(server.url).origin);
  });

  it("drops offline_access a server does not list, and adds none to an empty scope", () => {
    const listing = (scopes: string[] | undefined) => ({
      authorizationServerUrl: "https://as.example",
      authorizationServerMetadata: scopes
        ? ({ issuer: "https://as.example", scopes_supported: scopes } as never)
        : undefined,
    });
    expect(withOfflineAccess("mcp offline_access", listing(["mcp"]))).toBe("mcp");
    expect(withOfflineAccess("mcp", listing(["mcp", "offline_access"]))).toBe("mcp offline_access");
    expect(withOfflineAccess("", listing(["mcp", "offline_access"]))).toBe("");
    expect(withOfflineAccess("mcp offline_access", listing(undefined))).toBe("mcp offline_access");
  });
});
