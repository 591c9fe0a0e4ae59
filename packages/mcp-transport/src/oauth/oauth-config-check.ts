// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { formatKeyPath } from "@tinyloop/errors";
import type { OAuthConfig } from "../config-schema.js";
import { readSigningKey } from "./signing-key.js";

type Key = keyof OAuthConfig;

/** Keys that only a grant without a browser reads, by grant. */
const GRANT_KEYS: Record<NonNullable<OAuthConfig["grant"]>, { needs: Key[][]; reads: Key[] }> = {
  client_credentials: {
    needs: [["clientId"], ["clientSecret", "privateKey"]],
    reads: ["clientId", "clientSecret", "privateKey"],
  },
  jwt_bearer: {
    needs: [["clientId"], ["workloadToken", "workloadTokenFile"]],
    reads: ["clientId", "clientSecret", "privateKey", "workloadToken", "workloadTokenFile"],
  },
  token_exchange: {
    needs: [["clientId"], ["idToken"], ["idpTokenEndpoint"]],
    reads: [
      "clientId",
      "clientSecret",
      "privateKey",
      "idToken",
      "idpTokenEndpoint",
      "idpClientId",
      "idpClientSecret",
    ],
  },
};
/** Keys of the grants without a browser that the interactive login does not read. */
const MACHINE_ONLY: Key[] = [
  "privateKey",
  "workloadToken",
  "workloadTokenFile",
  "idToken",
  "idpTokenEndpoint",
  "idpClientId",
  "idpClientSecret",
];
/** Keys of the interactive login (a redirect back to this machine). */
const INTERACTIVE_ONLY: Key[] = ["callbackPort", "clientMetadataUrl"];

const pending = (value: unknown) => typeof value === "string" && value.includes("${");

/**
 * The problems of an `oauth` config that its schema cannot see: the keys each `grant` needs
 * and reads, one client authentication at a time, a `privateKey` that is a PKCS#8 PEM key able
 * to sign with `signingAlgorithm`, and http(s) URLs. Values still holding `${…}` are checked
 * once expanded (see `interpolate`). Problems never quote a secret.
 *
 * @param base where the server config sits (`servers.api`), for the key paths.
 */
export function oauthConfigProblems(oauth: OAuthConfig, base: string): string[] {
  const at = (key: string) => formatKeyPath(["oauth", key], base);
  const problems: string[] = [];
  const present = (key: Key) => oauth[key] !== undefined;
  const grant = oauth.grant;
  if (grant === undefined) {
    for (const key of MACHINE_ONLY.filter(present))
      problems.push(
        `${at(key)}: is read only with a grant that needs no browser; add grant: "${key.startsWith("workload") ? "jwt_bearer" : key.startsWith("id") ? "token_exchange" : "client_credentials"}" or remove ${key}`,
      );
  } else {
    const { needs, reads } = GRANT_KEYS[grant];
    for (const alternatives of needs) {
      const given = alternatives.filter(present);
      if (given.length === 0)
        problems.push(
          `${at(alternatives[0] ?? "grant")}: grant "${grant}" needs ${alternatives.join(" or ")}${alternatives.some((key) => /Secret|Key|Token$/.test(key)) ? ' (from a variable, e.g. "${API_CLIENT_SECRET}")' : ""}`,
        );
      if (given.length > 1)
        problems.push(`${at(given[1] ?? "")}: give ${given.join(" or ")}, not both`);
    }
    if (
      present("clientSecret") &&
      present("privateKey") &&
      !needs.some((n) => n.length > 1 && n.includes("privateKey"))
    )
      problems.push(`${at("privateKey")}: give clientSecret or privateKey, not both`);
    for (const key of MACHINE_ONLY.filter((key) => present(key) && !reads.includes(key)))
      problems.push(`${at(key)}: is not read by grant "${grant}"; remove it`);
    for (const key of INTERACTIVE_ONLY.filter(present))
      problems.push(
        `${at(key)}: belongs to the browser login, and grant "${grant}" needs no browser; remove it`,
      );
  }
  if (oauth.signingAlgorithm !== undefined && !present("privateKey"))
    problems.push(`${at("signingAlgorithm")}: is read only with privateKey; remove it`);
  if (oauth.privateKey !== undefined && !pending(oauth.privateKey)) {
    const read = readSigningKey(oauth.privateKey, oauth.signingAlgorithm);
    if ("problem" in read) problems.push(`${at("privateKey")}: ${read.problem}`);
  }
  for (const key of ["idpTokenEndpoint", "issuer"] as const) {
    const value = oauth[key];
    if (value === undefined || pending(value)) continue;
    if (!/^https?:\/\/[^/]/.test(value))
      problems.push(
        `${at(key)}: expected an http(s) URL, got ${JSON.stringify(value)} (example: ${key}: "https://login.example.com${key === "issuer" ? "" : "/oauth2/token"}")`,
      );
  }
  return problems;
}
