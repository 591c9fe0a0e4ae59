import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type FixtureServerOptions,
  fixtureKeyPair,
  fixtureSignJwt,
  issuedTokens,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, describe, expect, it } from "vitest";
import { rejection, textOf } from "../__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import type { HttpServerConfig } from "../config-schema.js";
import { connectServer } from "../connect-server.js";
import { parseServerConfig } from "../parse-server-config.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-m2m-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Stats {
  tokenRequests: number;
  refused: number;
  nonceChallenges: number;
  idpExchanges: number;
  grants: Record<string, number>;
}

async function authServer(options: FixtureServerOptions) {
  const server = await startFixtureHttpServer(
    { oauth: true, oauthClientId: "agent-7", ...options },
    guard.env(),
  );
  guard.defer(() => server.close());
  const origin = new URL(server.url).origin;
  const control = async (path: string) => {
    const response = await fetch(`${origin}/fixture/oauth/${path}`, { method: "POST" });
    expect(response.status).toBe(200);
  };
  return {
    url: server.url,
    origin,
    stderr: server.stderr,
    stats: async () => (await (await fetch(`${origin}/fixture/oauth/stats`)).json()) as Stats,
    expireTokens: () => control("expire-tokens"),
    revokeSecret: () => control("revoke-secret"),
    rotateNonce: () => control("rotate-nonce"),
  };
}

/** Connects with the config checked as a user's would be; no `oauth` options, no browser. */
async function connect(name: string, config: HttpServerConfig) {
  const checked = parseServerConfig(config, `servers.${name}`);
  return guard.track(await connectServer(name, checked, { reconnect: { initialRetries: 0 } }));
}

function keyFile(publicPem: string): string {
  const file = join(scratch, `key-${Math.random().toString(36).slice(2)}.pem`);
  writeFileSync(file, publicPem);
  return file;
}

describe("OAuth without a browser against the fixture authorization server", () => {
  it("client_credentials with a client secret: a token at connect, a new one after expiry, no login options", async () => {
    const server = await authServer({ oauthClientSecret: "s3cret" });
    const api = await connect("api", {
      url: server.url,
      oauth: { grant: "client_credentials", clientId: "agent-7", clientSecret: "s3cret" },
    });
    expect(textOf(await api.callTool("echo", { text: "hi" }))).toBe("hi");
    expect((await server.stats()).grants).toEqual({ client_credentials: 1 });
    await server.expireTokens();
    expect(textOf(await api.callTool("echo", { text: "again" }))).toBe("again");
    const stats = await server.stats();
    expect(stats.grants).toEqual({ client_credentials: 2 });
    expect(stats.refused).toBe(0);
  });

  it.each([
    ["ec", "ES256"],
    ["rsa", "RS256"],
    ["ed25519", "EdDSA"],
  ] as const)(
    "client_credentials with a JWT assertion signed by a %s key (%s)",
    async (type, _algorithm) => {
      const { privatePem, publicPem } = fixtureKeyPair(type);
      const server = await authServer({ oauthClientKeyFile: keyFile(publicPem) });
      const api = await connect("api", {
        url: server.url,
        oauth: { grant: "client_credentials", clientId: "agent-7", privateKey: privatePem },
      });
      expect(textOf(await api.callTool("echo", { text: "signed" }))).toBe("signed");
      expect(await server.stats()).toMatchObject({ tokenRequests: 1, refused: 0 });
    },
  );

  it("a wrong or revoked client secret: AUTH naming the server and oauth.clientSecret, one refused request, no retries", async () => {
    const server = await authServer({ oauthClientSecret: "s3cret" });
    const error = await rejection(
      connect("api", {
        url: server.url,
        oauth: { grant: "client_credentials", clientId: "agent-7", clientSecret: "old-secret" },
      }),
    );
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain('Server "api"');
    expect(error.message).toContain('oauth.clientSecret of server "api"');
    expect(error.message).not.toContain("old-secret");
    expect(await server.stats()).toMatchObject({ tokenRequests: 1, refused: 1 });

    // Revoked mid-session: the next token request is refused once; later calls send none.
    const api = await connect("api2", {
      url: server.url,
      oauth: { grant: "client_credentials", clientId: "agent-7", clientSecret: "s3cret" },
    });
    expect(textOf(await api.callTool("echo", { text: "ok" }))).toBe("ok");
    await server.revokeSecret();
    await server.expireTokens();
    for (let i = 0; i < 3; i++) {
      const refused = await rejection(api.callTool("echo", { text: "no" }, { timeoutMs: 20_000 }));
      expect(refused.message).toContain("oauth.clientSecret");
    }
    expect(await server.stats()).toMatchObject({ tokenRequests: 3, refused: 2 });
  });

  it("jwt_bearer with a workload identity token, given or read from a file for every request", async () => {
    const { privatePem, publicPem } = fixtureKeyPair("ec");
    const server = await authServer({ oauthWorkloadKeyFile: keyFile(publicPem) });
    const now = Math.floor(Date.now() / 1000);
    const token = fixtureSignJwt(
      {
        iss: "https://k8s.example",
        sub: "system:serviceaccount:ci:agent",
        aud: server.origin,
        iat: now,
        exp: now + 600,
      },
      privatePem,
    );
    const given = await connect("wif", {
      url: server.url,
      oauth: { grant: "jwt_bearer", clientId: "agent-7", workloadToken: token },
    });
    expect(textOf(await given.callTool("echo", { text: "workload" }))).toBe("workload");
    const file = join(scratch, "workload-token");
    writeFileSync(file, `${token}\n`);
    const fromFile = await connect("wif2", {
      url: server.url,
      oauth: { grant: "jwt_bearer", clientId: "agent-7", workloadTokenFile: file },
    });
    expect(textOf(await fromFile.callTool("echo", { text: "file" }))).toBe("file");
    expect((await server.stats()).grants).toEqual({
      "urn:ietf:params:oauth:grant-type:jwt-bearer": 2,
    });

    // A token for another audience is refused once, with the key to fix named.
    const wrong = fixtureSignJwt(
      { iss: "x", sub: "y", aud: "https://elsewhere.example", exp: now + 600 },
      privatePem,
    );
    const error = await rejection(
      connect("wif3", {
        url: server.url,
        oauth: { grant: "jwt_bearer", clientId: "agent-7", workloadToken: wrong },
      }),
    );
    expect(error.message).toContain('oauth.workloadToken of server "wif3"');
    expect(await server.stats()).toMatchObject({ tokenRequests: 3, refused: 1 });
  });

  it("token_exchange: the ID token becomes an ID-JAG at the identity provider, then an access token", async () => {
    const server = await authServer({
      oauthClientSecret: "s3cret",
      oauthIdToken: "id-token-of-alice",
    });
    const api = await connect("corp", {
      url: server.url,
      oauth: {
        grant: "token_exchange",
        clientId: "agent-7",
        clientSecret: "s3cret",
        idToken: "id-token-of-alice",
        idpTokenEndpoint: `${server.origin}/idp/token`,
        idpClientId: "agent-at-idp",
      },
    });
    expect(textOf(await api.callTool("echo", { text: "enterprise" }))).toBe("enterprise");
    expect(await server.stats()).toMatchObject({ idpExchanges: 1, tokenRequests: 1, refused: 0 });
    expect(server.stderr()).toContain("fixture: oauth id-jag issued");
  });

  it.each([
    [
      "client_credentials",
      { grant: "client_credentials", clientId: "agent-7", clientSecret: "s3cret" },
      "client_credentials",
    ],
    [
      "token_exchange",
      {
        grant: "token_exchange",
        clientId: "agent-7",
        clientSecret: "s3cret",
        idToken: "id-token-of-alice",
        idpTokenEndpoint: "/idp/token",
      },
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
    ],
  ] as const)(
    "%s: a step-up asks for a new token with the scopes held and the scope wanted, unattended; later tokens keep them",
    async (_grant, oauth, grantType) => {
      const server = await authServer({
        oauthClientSecret: "s3cret",
        oauthIdToken: "id-token-of-alice",
        oauthRequireScope: "mcp:tools",
        oauthStepUpMethod: "tools/call",
      });
      const endpoint =
        "idpTokenEndpoint" in oauth ? { idpTokenEndpoint: `${server.origin}/idp/token` } : {};
      const api = await connect("scoped", { url: server.url, oauth: { ...oauth, ...endpoint } });
      expect(textOf(await api.callTool("echo", { text: "wider" }))).toBe("wider");
      const issued = () => issuedTokens(server.stderr());
      expect(server.stderr()).toContain('oauth scope refused, wants "mcp:tools"');
      expect(issued()).toEqual([`${grantType}: mcp`, `${grantType}: mcp mcp:tools`]);
      await server.expireTokens();
      expect(textOf(await api.callTool("echo", { text: "kept" }))).toBe("kept");
      expect(issued().at(-1)).toBe(`${grantType}: mcp mcp:tools`);
      expect(server.stderr().match(/oauth scope refused/g)).toHaveLength(1);
    },
  );

  it("DPoP-bound tokens with nonces; a nonce changed mid-session is taken and the call goes through", async () => {
    const server = await authServer({
      oauthClientSecret: "s3cret",
      oauthDpop: true,
      oauthDpopNonce: true,
    });
    const api = await connect("bound", {
      url: server.url,
      oauth: {
        grant: "client_credentials",
        clientId: "agent-7",
        clientSecret: "s3cret",
        dpop: true,
      },
    });
    expect(textOf(await api.callTool("echo", { text: "bound" }))).toBe("bound");
    const before = await server.stats();
    expect(before.tokenRequests).toBe(1); // the nonce challenge is answered by the proof, not the grant
    await server.rotateNonce();
    expect(textOf(await api.callTool("echo", { text: "rotated" }))).toBe("rotated");
    const after = await server.stats();
    expect(after.nonceChallenges).toBe(before.nonceChallenges + 1);
    expect(after.tokenRequests).toBe(1);
  });

  it("without DPoP, a server that binds tokens refuses them (the proof is what lets them in)", async () => {
    const server = await authServer({ oauthClientSecret: "s3cret", oauthDpop: true });
    const error = await rejection(
      connect("unbound", {
        url: server.url,
        oauth: { grant: "client_credentials", clientId: "agent-7", clientSecret: "s3cret" },
      }),
    );
    expect(error.code).toBe("AUTH");
  });
});
