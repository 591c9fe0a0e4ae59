/** Where a key and its value start in a TOML text (0-based offsets). */
export interface TomlKeyOffset {
  key: number;
  value: number;
}

const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const DOTTED_KEY = String.raw`${KEY_PART}(?:\s*\.\s*${KEY_PART})*`;
const HEADER = new RegExp(String.raw`^(\s*)\[\[?\s*(${DOTTED_KEY})\s*\]\]?\s*(?:#.*)?$`);
const ASSIGNMENT = new RegExp(String.raw`^(\s*)(${DOTTED_KEY})\s*=\s*`);
const INLINE_ASSIGNMENT = new RegExp(String.raw`([{,]\s*)(${DOTTED_KEY})\s*=\s*`, "g");

/** `a."b.c".d` → `["a", "b.c", "d"]`. */
function splitKey(dotted: string): string[] {
  const parts: string[] = [];
  for (const [part] of dotted.matchAll(new RegExp(KEY_PART, "g"))) {
    if (part.startsWith('"')) parts.push(JSON.parse(part) as string);
    else if (part.startsWith("'")) parts.push(part.slice(1, -1));
    else parts.push(part);
  }
  return parts;
}

/** `[` minus `]` outside strings and comments. */
function bracketBalance(text: string): number {
  const bare = text.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, "").replace(/#.*$/, "");
  return (bare.match(/\[/g)?.length ?? 0) - (bare.match(/]/g)?.length ?? 0);
}

/**
 * The offsets of every table header and `key = value` in a TOML text, by the JSON of its key
 * path (`["mcp_servers","github","env","TOKEN"]`), keys of one-line inline tables included.
 * A line scanner, not a parser: it runs only on text smol-toml has accepted, and a path it
 * misses is located at its nearest parent.
 */
export function tomlKeyOffsets(text: string): Map<string, TomlKeyOffset> {
  const offsets = new Map<string, TomlKeyOffset>();
  let table: string[] = [];
  let openString: string | undefined;
  let openBrackets = 0;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (openString !== undefined) {
      if ((line.split(openString).length - 1) % 2 === 1) openString = undefined;
      continue;
    }
    if (openBrackets > 0) {
      openBrackets += bracketBalance(line);
      continue;
    }
    const header = HEADER.exec(line);
    if (header) {
      table = splitKey(header[2] ?? "");
      const at = start + line.indexOf("[") + 1;
      offsets.set(JSON.stringify(table), { key: at, value: at });
      continue;
    }
    const assignment = ASSIGNMENT.exec(line);
    if (!assignment) continue;
    const path = [...table, ...splitKey(assignment[2] ?? "")];
    const valueAt = start + assignment[0].length;
    offsets.set(JSON.stringify(path), {
      key: start + (assignment[1]?.length ?? 0),
      value: valueAt,
    });
    const rest = line.slice(assignment[0].length);
    for (const delimiter of ['"""', "'''"]) {
      if (rest.startsWith(delimiter) && (rest.split(delimiter).length - 1) % 2 === 1)
        openString = delimiter;
    }
    if (rest.startsWith("[")) openBrackets = Math.max(0, bracketBalance(rest));
    if (rest.startsWith("{")) {
      for (const inline of rest.matchAll(INLINE_ASSIGNMENT)) {
        const keyAt = valueAt + (inline.index ?? 0) + (inline[1]?.length ?? 0);
        offsets.set(JSON.stringify([...path, ...splitKey(inline[2] ?? "")]), {
          key: keyAt,
          value: valueAt + (inline.index ?? 0) + inline[0].length,
        });
      }
    }
  }
  return offsets;
}
