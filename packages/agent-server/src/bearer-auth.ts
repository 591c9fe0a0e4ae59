import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ApiError } from "./api-error.js";
import { inParentheses, type ServerHints } from "./server-hints.js";

/** A fresh random API key for a server started without one: `tl-` and 32 base64url characters. */
export function generateApiKey(): string {
  return `tl-${randomBytes(24).toString("base64url")}`;
}

/** True for a key clients can send: a string of at least 8 characters without white space. */
export function isUsableApiKey(key: unknown): key is string {
  return typeof key === "string" && key.length >= 8 && !/\s/.test(key);
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * True when the request carries the right `Authorization: Bearer <key>` (compared as
 * {@link requireBearer} does), for a route that answers everyone but tells more to a client
 * with the key (`/healthz`).
 */
export function hasBearer(req: IncomingMessage, apiKey: string): boolean {
  try {
    requireBearer(req, apiKey, {});
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks `Authorization: Bearer <key>` in constant time (digests of equal length are
 * compared, so neither the key nor its length leaks through timing).
 * @throws ApiError 401 naming what is missing or wrong, with the embedding program's hints.
 */
export function requireBearer(
  req: IncomingMessage,
  apiKey: string,
  hints: Pick<ServerHints, "findApiKey" | "fixApiKey">,
): void {
  const header = req.headers.authorization;
  const challenge = { "www-authenticate": 'Bearer realm="tinyloop"' };
  if (!header) {
    throw new ApiError({
      status: 401,
      type: "authentication_error",
      code: "missing_api_key",
      message: `No API key given. Send the server's key as \`Authorization: Bearer <key>\`${inParentheses(hints.findApiKey)}.`,
      headers: challenge,
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(apiKey))) {
    throw new ApiError({
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
      message: match
        ? `Incorrect API key. ${hints.fixApiKey ?? "Use the key the server's operator gave you."}`
        : "The Authorization header must read `Bearer <key>`.",
      headers: challenge,
    });
  }
}
