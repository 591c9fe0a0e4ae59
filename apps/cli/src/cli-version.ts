import { readFileSync } from "node:fs";

/**
 * The CLI's package.json, found from this module: one folder up from `src/` and `dist/`,
 * two from the bundle's `dist/chunks/` (where this module lands as a chunk shared by the
 * entry and the commands). Read as text, not require()d: a require() would set up Node's
 * CommonJS loader, which no command needs otherwise (~5 ms of every start-up).
 */
function readCliVersion(): string {
  for (const path of ["../package.json", "../../package.json"]) {
    let manifest: { name?: unknown; version?: unknown };
    try {
      manifest = JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
    } catch {
      continue;
    }
    if (manifest.name === "tinyloop" && typeof manifest.version === "string")
      return manifest.version;
  }
  throw new Error(`tinyloop's package.json was not found from ${import.meta.url}`);
}

/**
 * The CLI's version: the one every place shows (`--version`, the MCP `serverInfo` of
 * `mcp serve` and `serve --mcp`, the traces' `service.version`).
 */
export const CLI_VERSION: string = readCliVersion();

/**
 * Who the CLI is to every MCP server it connects (`clientInfo` in `initialize`), for every
 * command that connects servers (`run`, `serve`, `mcp serve`, `worker`, `mcp tools`, `mcp call`).
 */
export const CLI_CLIENT_INFO: { name: string; version: string } = {
  name: "tinyloop",
  version: CLI_VERSION,
};
