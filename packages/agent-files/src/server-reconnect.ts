import { describeValue, lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { ConfigPath } from "./config-path.js";
import { type KeyWarning, type KnownKeys, keyWarnings } from "./key-warnings.js";
import type { ParsedDocument } from "./parsed-document.js";
import { invalidAt, parseAt } from "./schema-error.js";
import { msFromSeconds } from "./timeout-units.js";

/** mcp-transport's `reconnect` settings, as a draft carries them (milliseconds). */
export interface ReconnectDraft {
  initialRetries?: number;
  sessionRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** Example of a right `reconnect`, shown with every error about it. */
export const RECONNECT_EXAMPLE = `"reconnect": { "sessionRetries": 0 }  (no restarts)  or  "reconnect": { "initialRetries": 1, "sessionRetries": 2, "baseDelay": 0.5, "maxDelay": 10 }  or  "reconnect": false`;
/** Example of a right `pingInterval`, shown with every error about it. */
export const PING_EXAMPLE = `"pingInterval": 30  (seconds)`;

const retries = () => z.int().check(z.gte(0, "0 or more retries (0 turns them off)"));
const delay = () => z.number().check(z.gte(0, "0 or more seconds"));

/** `reconnect` as an object: how hard to retry, with delays in seconds (`false` is read before). */
const reconnectSchema = lazySchema(() =>
  z.looseObject({
    initialRetries: z.optional(retries()),
    sessionRetries: z.optional(retries()),
    baseDelay: z.optional(delay()),
    maxDelay: z.optional(delay()),
  }),
);

/** `pingInterval`: seconds between health pings while the server is idle. */
const pingSchema = lazySchema(() =>
  z.number().check(z.positive("more than 0 seconds (leave the key out for no pings)")),
);

/** Keys of `reconnect`; the transport's millisecond spellings warn with the right key. */
export const RECONNECT_KEYS: KnownKeys = {
  initialRetries: null,
  sessionRetries: null,
  baseDelay: null,
  maxDelay: null,
  baseDelayMs: 'ignored: agent files give "baseDelay" in seconds',
  maxDelayMs: 'ignored: agent files give "maxDelay" in seconds',
};

const ms = msFromSeconds;

/**
 * Reads a server entry's `reconnect` and `pingInterval` (seconds in the file) into
 * mcp-transport's `reconnect` and `pingIntervalMs`. `reconnect: false` means no retries at
 * all (`initialRetries` and `sessionRetries` 0); `reconnect: true` keeps the defaults.
 * A bad value throws `INVALID` naming the key; an unknown key inside `reconnect` warns.
 */
export function readReconnect(
  entry: { reconnect?: unknown; pingInterval?: unknown },
  {
    doc,
    path,
    warn,
  }: { doc: ParsedDocument; path: ConfigPath; warn: (warning: KeyWarning) => void },
): { reconnect?: ReconnectDraft; pingIntervalMs?: number } {
  const out: { reconnect?: ReconnectDraft; pingIntervalMs?: number } = {};
  if (entry.reconnect !== undefined) {
    const at = [...path, "reconnect"];
    if (entry.reconnect === false) out.reconnect = { initialRetries: 0, sessionRetries: 0 };
    else if (
      entry.reconnect === null ||
      typeof entry.reconnect !== "object" ||
      Array.isArray(entry.reconnect)
    ) {
      if (entry.reconnect !== true)
        throw invalidAt(doc, at, {
          expected: "false (no retries), true (the defaults) or an object of retries and delays",
          received: describeValue(entry.reconnect),
          example: RECONNECT_EXAMPLE,
        });
    } else {
      const parsed = parseAt(reconnectSchema(), entry.reconnect, {
        doc,
        at,
        example: RECONNECT_EXAMPLE,
      });
      for (const w of keyWarnings(parsed, RECONNECT_KEYS, at)) warn(w);
      const reconnect: ReconnectDraft = {};
      if (parsed.initialRetries !== undefined) reconnect.initialRetries = parsed.initialRetries;
      if (parsed.sessionRetries !== undefined) reconnect.sessionRetries = parsed.sessionRetries;
      if (parsed.baseDelay !== undefined) reconnect.baseDelayMs = ms(parsed.baseDelay);
      if (parsed.maxDelay !== undefined) reconnect.maxDelayMs = ms(parsed.maxDelay);
      out.reconnect = reconnect;
    }
  }
  if (entry.pingInterval !== undefined) {
    const seconds = parseAt(pingSchema(), entry.pingInterval, {
      doc,
      at: [...path, "pingInterval"],
      example: PING_EXAMPLE,
    });
    out.pingIntervalMs = Math.max(1, ms(seconds));
  }
  return out;
}
