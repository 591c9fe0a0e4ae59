/** A location inside a config file: keys and list indexes from the root. */
export type ConfigPath = ReadonlyArray<string | number>;

/** `mcpServers.github.env.TOKEN`, `servers[1].command`: the form every error and warning uses. */
export function formatConfigPath(path: ConfigPath): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) out += out === "" ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out === "" ? "(top level)" : out;
}

/**
 * What a value is, in words: `a number (3)`, `an empty string`, `a list`; a string is passed
 * through `mask` (the file's secrets) before it is cut to 40 characters.
 */
export function describeValue(
  value: unknown,
  mask: (text: string) => string = (text) => text,
): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  switch (typeof value) {
    case "string": {
      if (value === "") return "an empty string";
      // Masked before it is cut: a cut secret would no longer be found whole.
      const text = mask(value);
      const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
      return `a string (${JSON.stringify(shown)})`;
    }
    case "number":
      return `a number (${value})`;
    case "boolean":
      return `a boolean (${value})`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: ConfigPath): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}
