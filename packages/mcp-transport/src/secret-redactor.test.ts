import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { configSecrets, maskSecrets } from "./secret-redactor.js";

describe("configSecrets", () => {
  it("takes the secrets of a partial config: header credentials, env values, URL user info and query values", () => {
    const secrets = configSecrets({
      headers: { Authorization: "Bearer abcd-1234" },
      env: { API_TOKEN: "env-secret", VERBOSE: "yes", PIN: "4321" },
      url: "https://user:p%40ss-word@example.com/mcp?token=qry-secret&x=1",
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        "Bearer abcd-1234",
        "abcd-1234",
        "env-secret",
        "user",
        "p%40ss-word",
        "p@ss-word",
        "qry-secret",
        "4321",
      ]),
    );
    // Values under 4 characters ("1", "yes") are too short to be told from ordinary text.
    expect(secrets).not.toContain("1");
    expect(secrets).not.toContain("yes");
  });
  it("lists each secret once, longest first, raw and percent-decoded", () => {
    expect(
      configSecrets({
        headers: { Authorization: "Basic dXNlcjpwdw==", "X-Key": "k%2Fey-1" },
        env: { SAME: "k%2Fey-1", TOKEN: "tok5" },
      }),
    ).toEqual(["Basic dXNlcjpwdw==", "dXNlcjpwdw==", "k%2Fey-1", "k/ey-1", "tok5"]);
  });

  it("takes the credential after a scheme only at the start of a header value", () => {
    expect(configSecrets({ headers: { A: "Bearer  two-spaces" } })).toEqual([
      "Bearer  two-spaces",
      "two-spaces",
    ]);
    expect(configSecrets({ headers: { A: "xBearer abcd1" } })).toEqual(["xBearer abcd1"]);
  });

  it("sorts the secrets longest first, whatever order the config gives them in", () => {
    expect(configSecrets({ env: { A: "abcd", B: "abcdefgh", C: "abcdef" } })).toEqual([
      "abcdefgh",
      "abcdef",
      "abcd",
    ]);
  });

  it("takes values of exactly four characters, and none shorter", () => {
    expect(configSecrets({ env: { A: "abcd", B: "abc", C: "" } })).toEqual(["abcd"]);
  });

  it("keeps a value that is not valid percent-encoding raw, and skips a URL it cannot parse", () => {
    expect(configSecrets({ env: { A: "100%-sure" }, url: "not a url?token=zzzz" })).toEqual([
      "100%-sure",
    ]);
  });

  it("takes nothing from a config without headers, env or URL credentials", () => {
    expect(configSecrets({ url: "https://example.test/mcp" })).toEqual([]);
    expect(configSecrets({})).toEqual([]);
  });
});

describe("configSecrets of oauth", () => {
  it("masks the oauth secrets, a PEM key whole and line by line, and not the client ID", () => {
    const pem = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    const config = {
      url: "https://api.example.com/mcp",
      oauth: {
        grant: "client_credentials" as const,
        clientId: "reporting-agent",
        clientSecret: "cc-secret-9",
        privateKey: pem,
        idToken: "id-token-1",
      },
    };
    const secrets = configSecrets(config);
    const body = pem.split("\n").filter((line) => line && !line.startsWith("-----"));
    expect(secrets).toEqual(expect.arrayContaining(["cc-secret-9", pem, "id-token-1", ...body]));
    expect(secrets).not.toContain("reporting-agent");
    const echoed = `token endpoint said: bad key ${body[1]} for cc-secret-9`;
    expect(maskSecrets(secrets)(echoed)).not.toMatch(/cc-secret-9|[A-Za-z0-9+/]{40}/);
  });

  it("takes a PEM body line of 16 characters or more, never its BEGIN/END lines (also with CRLF) or a short line", () => {
    const long = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg";
    const sixteen = "QUJDREVGR0hJSktM";
    const short = "YWJjZGVm"; // too short to mask everywhere it may appear
    const privateKey = [
      "-----BEGIN PRIVATE KEY-----",
      long,
      sixteen,
      short,
      "-----END PRIVATE KEY-----",
      "",
    ].join("\r\n");
    const secrets = configSecrets({
      url: "https://api.example.com/mcp",
      oauth: { grant: "client_credentials" as const, clientId: "agent", privateKey },
    });
    // Each body line without its CR: a server echoing one line of the key has it masked.
    expect(secrets).toEqual([privateKey, long, sixteen]);
    expect(maskSecrets(secrets)(`bad key line ${sixteen}.`)).toBe("bad key line ***.");
    // Written on one line with \n escapes (as in a JSON string or an env variable).
    const escaped = privateKey.replaceAll("\r\n", "\\n");
    const fromEscaped = configSecrets({
      url: "https://api.example.com/mcp",
      oauth: { grant: "client_credentials" as const, clientId: "agent", privateKey: escaped },
    });
    expect(fromEscaped).toEqual([escaped, long, sixteen]);
  });
});

describe("maskSecrets", () => {
  it("masks every occurrence, the longest secret first so a secret holding another goes whole", () => {
    const mask = maskSecrets(["abcd", "Bearer abcd-1234", "abcd-1234"]);
    expect(mask('"Authorization":"Bearer abcd-1234", again abcd-1234 and abcd')).toBe(
      '"Authorization":"***", again *** and ***',
    );
  });

  it("ignores an empty secret instead of masking between every character", () => {
    expect(maskSecrets(["", "abcd"])("x abcd y")).toBe("x *** y");
  });

  it("leaves text without secrets as it is", () => {
    expect(maskSecrets([])("nothing to hide")).toBe("nothing to hide");
  });
});
