import { createHash, generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** The URL a proof names (`htu`): without query and fragment (RFC 9449 §4.2). */
export function proofTarget(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * The DPoP key of one server connection (RFC 9449): an ES256 key pair made when the
 * connection is made, never written anywhere, and the proofs it signs. Tokens bound to it are
 * worth nothing to anyone who copies them.
 */
export class DpopKey {
  private readonly privateKey: KeyObject;
  private readonly jwk: Record<string, unknown>;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const { kty, crv, x, y } = publicKey.export({ format: "jwk" });
    this.jwk = { kty, crv, x, y };
  }

  /**
   * A proof for one request: `htm`, `htu`, `iat`, a fresh `jti`, the server's `nonce` when it
   * gave one, and `ath` (the access token's hash) when the request carries a token.
   */
  proof(
    method: string,
    url: URL,
    { nonce, accessToken }: { nonce?: string; accessToken?: string },
  ) {
    const header = { typ: "dpop+jwt", alg: "ES256", jwk: this.jwk };
    const payload = {
      jti: randomUUID(),
      htm: method.toUpperCase(),
      htu: proofTarget(url),
      iat: Math.floor(Date.now() / 1000),
      ...(nonce !== undefined ? { nonce } : {}),
      ...(accessToken !== undefined
        ? { ath: createHash("sha256").update(accessToken).digest("base64url") }
        : {}),
    };
    const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    const signature = sign("sha256", Buffer.from(input), {
      key: this.privateKey,
      dsaEncoding: "ieee-p1363",
    });
    return `${input}.${base64url(signature)}`;
  }
}
