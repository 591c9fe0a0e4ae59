/** A location inside a value: keys and list indexes from the root. */
export type KeyPath = ReadonlyArray<PropertyKey>;

/** What {@link formatKeyPath} says for the value itself (an empty path, no base). */
export const TOP_LEVEL = "(top level)";

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/**
 * A key path as every message shows it: `mcpServers.github.env.TOKEN`, `servers[1].command`,
 * `headers["x.y"]` (keys that are not plain names are quoted). `base` is where the value
 * itself sits (`servers.github`), put before the path; an empty result reads `(top level)`.
 */
export function formatKeyPath(path: KeyPath, base = ""): string {
  let out = base;
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (PLAIN_KEY.test(String(part))) out += out === "" ? String(part) : `.${String(part)}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out === "" ? TOP_LEVEL : out;
}
