import { SECRET_MASK } from "@tinyloop/errors";

const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/**
 * Removes every secret (and anything shaped like an Authorization header value) from
 * text that came from a server or an error, so that no message or log line leaks a key.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(SECRET_MASK);
  }
  return out.replace(bearer, `$1 ${SECRET_MASK}`);
}
