import type { ConfigPath } from "./config-path.js";
import type { ParsedDocument } from "./parsed-document.js";
import { invalidAt } from "./schema-error.js";

/** Names a JavaScript object cannot hold as a plain key: a server under one would vanish on the way. */
const RESERVED_NAMES = ["__proto__"];

/**
 * Throws `INVALID` at the key when the server map at `at` (as parsed, before any schema) has a
 * server under a reserved name (`__proto__`), instead of the server being silently dropped.
 */
export function refuseReservedServerNames(
  doc: ParsedDocument,
  map: unknown,
  at: ConfigPath,
  example: string,
): void {
  if (map === null || typeof map !== "object") return;
  for (const name of RESERVED_NAMES) {
    if (!Object.hasOwn(map, name)) continue;
    throw invalidAt(
      doc,
      [...at, name],
      {
        problem: `the server name ${JSON.stringify(name)} cannot be used (JavaScript reserves it); rename the server`,
        example,
      },
      { key: true },
    );
  }
}

/** Throws `INVALID` at `path` when a server's `name` value (Continue's list) is a reserved name. */
export function refuseReservedServerName(
  doc: ParsedDocument,
  name: string,
  path: ConfigPath,
  example: string,
): void {
  if (!RESERVED_NAMES.includes(name)) return;
  throw invalidAt(doc, path, {
    problem: `the server name ${JSON.stringify(name)} cannot be used (JavaScript reserves it); rename the server`,
    example,
  });
}
