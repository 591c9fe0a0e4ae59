// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { interpolate } from "../interpolate.js";
import { parseServerConfig } from "../parse-server-config.js";

const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
const pkcs8 = (key: typeof rsa.privateKey) =>
  key.export({ format: "pem", type: "pkcs8" }).toString();
const url = "https://api.example.com/mcp";

function problemsOf(oauth: Record<string, unknown>): string {
  try {
    parseServerConfig({ url, oauth }, "servers.api");
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

describe("oauth config of the grants without a browser", () => {
  it("accepts each grant with what it needs", () => {
    expect(problemsOf({ grant: "client_credentials", clientId: "a", clientSecret: "s" })).toBe("");
    expect(
      problemsOf({ grant: "client_credentials", clientId: "a", privateKey: pkcs8(ec.privateKey) }),
    ).toBe("");
    expect(
      problemsOf({ grant: "jwt_bearer", clientId: "a", workloadTokenFile: "/var/run/token" }),
    ).toBe("");
    expect(
      problemsOf({
        grant: "token_exchange",
        clientId: "a",
        idToken: "t",
        idpTokenEndpoint: "https://idp.example/token",
        dpop: true,
      }),
    ).toBe("");
  });

  it("a signing key in the wrong format is refused at config check, naming the key, never showing it", () => {
    const pkcs1 = rsa.privateKey.export({ format: "pem", type: "pkcs1" }).toString();
    const message = problemsOf({ grant: "client_credentials", clientId: "a", privateKey: pkcs1 });
    expect(message).toContain(
      "servers.api.oauth.privateKey: expected a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----), got a PKCS#1 RSA private key; convert it with `openssl pkcs8 -topk8 -nocrypt -in key.pem`",
    );
    expect(message).not.toContain(pkcs1.split("\n")[1]);
    const sec1 = ec.privateKey.export({ format: "pem", type: "sec1" }).toString();
    expect(problemsOf({ grant: "client_credentials", clientId: "a", privateKey: sec1 })).toContain(
      "got a SEC1 EC private key",
    );
    const publicPem = ec.publicKey.export({ format: "pem", type: "spki" }).toString();
    expect(
      problemsOf({ grant: "client_credentials", clientId: "a", privateKey: publicPem }),
    ).toContain("got a public key");
    expect(
      problemsOf({ grant: "client_credentials", clientId: "a", privateKey: "hunter2" }),
    ).toContain("got text that is not PEM (value not shown)");
    expect(
      problemsOf({
        grant: "client_credentials",
        clientId: "a",
        privateKey: pkcs8(ec.privateKey),
        signingAlgorithm: "RS256",
      }),
    ).toContain(
      'the key cannot sign with RS256: it is a ec key (it signs with ES256; set signingAlgorithm: "ES256")',
    );
  });

  it("names what a grant lacks and what it does not read", () => {
    expect(problemsOf({ grant: "client_credentials", clientId: "a" })).toContain(
      'servers.api.oauth.clientSecret: grant "client_credentials" needs clientSecret or privateKey (from a variable, e.g. "${API_CLIENT_SECRET}")',
    );
    expect(
      problemsOf({
        grant: "client_credentials",
        clientId: "a",
        clientSecret: "s",
        privateKey: pkcs8(ec.privateKey),
      }),
    ).toContain("servers.api.oauth.privateKey: give clientSecret or privateKey, not both");
    expect(
      problemsOf({
        grant: "client_credentials",
        clientId: "a",
        clientSecret: "s",
        callbackPort: 8765,
      }),
    ).toContain(
      'servers.api.oauth.callbackPort: belongs to the browser login, and grant "client_credentials" needs no browser; remove it',
    );
    expect(problemsOf({ clientId: "a", workloadToken: "t" })).toContain(
      'servers.api.oauth.workloadToken: is read only with a grant that needs no browser; add grant: "jwt_bearer" or remove workloadToken',
    );
    expect(
      problemsOf({ grant: "jwt_bearer", clientId: "a", workloadToken: "t", idToken: "x" }),
    ).toContain('servers.api.oauth.idToken: is not read by grant "jwt_bearer"; remove it');
    expect(
      problemsOf({
        grant: "token_exchange",
        clientId: "a",
        idToken: "t",
        idpTokenEndpoint: "idp/token",
      }),
    ).toContain('servers.api.oauth.idpTokenEndpoint: expected an http(s) URL, got "idp/token"');
    expect(problemsOf({ grant: "password" })).toContain(
      'servers.api.oauth.grant: expected "client_credentials", "jwt_bearer" or "token_exchange"',
    );
  });

  it("${VAR} values are checked once interpolate expands them", () => {
    const config = parseServerConfig(
      { url, oauth: { grant: "client_credentials", clientId: "${CLIENT}", privateKey: "${KEY}" } },
      "servers.api",
    );
    const pkcs1 = rsa.privateKey.export({ format: "pem", type: "pkcs1" }).toString();
    expect(() =>
      interpolate(config, (name) => (name === "KEY" ? pkcs1 : "agent"), "servers.api"),
    ).toThrow("servers.api.oauth.privateKey: expected a PKCS#8 PEM private key");
    // A PEM squeezed onto one line with literal \n (a .env file) reads as the key it is.
    const squeezed = pkcs8(ec.privateKey).replace(/\n/g, "\\n");
    const expanded = interpolate(
      config,
      (name) => (name === "KEY" ? squeezed : "agent"),
      "servers.api",
    );
    expect("oauth" in expanded && expanded.oauth?.clientId).toBe("agent");
    expect(() => interpolate(config, () => undefined, "servers.api")).toThrow(
      "servers.api.oauth.clientId: ${CLIENT} is not set",
    );
  });
});
