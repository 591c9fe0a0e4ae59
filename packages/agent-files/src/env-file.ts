import { readConfigFile } from "./read-config-file.js";

/**
 * Reads a dotenv file (VS Code `envFile`): `KEY=value` lines, `export KEY=value`, `#` comments,
 * values in single or double quotes (double quotes understand `\n`). Values are not expanded.
 * @throws AgentFileError when the file cannot be read (see readConfigFile: regular files only, 10 MB, UTF-8).
 */
export function readEnvFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rawLine of readConfigFile(path).split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/);
    if (!match) continue;
    const [, key = "", rest = ""] = match;
    let value = rest;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, "\n").replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    out[key] = value;
  }
  return out;
}
