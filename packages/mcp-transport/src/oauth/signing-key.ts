import { createPrivateKey, type KeyObject } from "node:crypto";
import type { SIGNING_ALGORITHMS } from "../config-schema.js";

/** A JWS algorithm a private key may sign with. */
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** A private key read from PEM, with the algorithm it signs with. */
export interface SigningKey {
  key: KeyObject;
  algorithm: SigningAlgorithm;
}

const CURVE_ALGORITHM: Record<string, SigningAlgorithm> = {
  prime256v1: "ES256",
  secp384r1: "ES384",
  secp521r1: "ES512",
};

/** What kind of PEM block `text` starts with, in words, or undefined when it is not PEM. */
function pemKind(text: string): string | undefined {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
  if (label === undefined) return undefined;
  if (label === "PRIVATE KEY") return "a PKCS#8 private key";
  if (label === "RSA PRIVATE KEY") return "a PKCS#1 RSA private key";
  if (label === "EC PRIVATE KEY") return "a SEC1 EC private key";
  if (label === "ENCRYPTED PRIVATE KEY") return "an encrypted PKCS#8 private key";
  if (label.includes("PUBLIC KEY")) return "a public key";
  if (label === "CERTIFICATE") return "a certificate";
  return `a PEM block "${label}"`;
}

/** The algorithm a key signs with by default: its curve or type. */
function defaultAlgorithm(key: KeyObject): SigningAlgorithm | undefined {
  if (key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss") return "RS256";
  if (key.asymmetricKeyType === "ed25519") return "EdDSA";
  if (key.asymmetricKeyType === "ec")
    return CURVE_ALGORITHM[key.asymmetricKeyDetails?.namedCurve ?? ""];
  return undefined;
}

/** Whether `key` can sign with `algorithm`. */
function fits(key: KeyObject, algorithm: SigningAlgorithm): boolean {
  if (algorithm.startsWith("RS") || algorithm.startsWith("PS"))
    return key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss";
  if (algorithm === "EdDSA") return key.asymmetricKeyType === "ed25519";
  return key.asymmetricKeyType === "ec" && defaultAlgorithm(key) === algorithm;
}

/** Turns literal `\n` (a PEM squeezed into one environment variable line) back into line breaks. */
function unsqueeze(pem: string): string {
  return pem.includes("\n") ? pem : pem.replace(/\\n/g, "\n");
}

/**
 * Reads a PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`) and checks that it can sign
 * with `algorithm` (default: the key's own, see {@link SIGNING_ALGORITHMS}). Resolves the
 * problem in words instead of throwing: the caller names the config key. The key itself never
 * appears in a problem.
 */
export function readSigningKey(
  pem: string,
  algorithm?: SigningAlgorithm,
): SigningKey | { problem: string } {
  const text = unsqueeze(pem.trim());
  const kind = pemKind(text);
  const pkcs8 = "a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)";
  const convert = "convert it with `openssl pkcs8 -topk8 -nocrypt -in key.pem`";
  if (kind === undefined)
    return { problem: `expected ${pkcs8}, got text that is not PEM (value not shown)` };
  if (kind === "a PKCS#1 RSA private key" || kind === "a SEC1 EC private key")
    return { problem: `expected ${pkcs8}, got ${kind}; ${convert}` };
  if (kind !== "a PKCS#8 private key") return { problem: `expected ${pkcs8}, got ${kind}` };
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: "pem" });
  } catch {
    return {
      problem: `expected ${pkcs8}, got a PKCS#8 block that does not parse (damaged or cut)`,
    };
  }
  const chosen = algorithm ?? defaultAlgorithm(key);
  if (chosen === undefined)
    return {
      problem: `expected an EC (P-256, P-384, P-521), RSA or Ed25519 key, got a ${key.asymmetricKeyType} key`,
    };
  if (!fits(key, chosen)) {
    const own = defaultAlgorithm(key);
    return {
      problem: `the key cannot sign with ${chosen}: it is a ${key.asymmetricKeyType} key${own ? ` (it signs with ${own}; set signingAlgorithm: "${own}")` : ""}`,
    };
  }
  return { key, algorithm: chosen };
}
