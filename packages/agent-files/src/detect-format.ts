import { basename, dirname, extname, sep } from "node:path";
import type { ConfigPath } from "./config-path.js";

/** The syntax of a config file. */
export type FileSyntax = "json" | "yaml" | "toml";

/** Which reader a parsed file goes to, and where its servers are. */
export type DetectedFormat =
  | { format: "tiny-agents" }
  | { format: "mcp-servers" | "vscode"; at: ConfigPath }
  | {
      format: "codex" | "gemini" | "opencode" | "zed" | "goose" | "continue" | "hermes";
      /** Recognised by its name and place alone: a file there without servers has none. */
      byName: boolean;
    };

/** A JSON object (not `null`, not a list): where a format keeps keys or servers. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether one of the folders holding `file` is named `folder`. */
function inFolder(file: string, folder: string): boolean {
  return dirname(file).split(sep).includes(folder);
}

/**
 * The syntax of a file: by its extension (`.toml`, `.yaml` / `.yml`, else JSON), and for a
 * file with no known extension by its first lines (a `[table]` header is TOML, a `key:` line
 * YAML).
 */
export function syntaxOf(file: string, text: string): FileSyntax {
  const extension = extname(file).toLowerCase();
  if (extension === ".toml") return "toml";
  if (extension === ".yaml" || extension === ".yml") return "yaml";
  if ([".json", ".jsonc", ".json5"].includes(extension)) return "json";
  const first =
    text
      .replace(/^\uFEFF/, "")
      .match(/^[ \t]*[^\s#].*$/m)?.[0]
      ?.trim() ?? "";
  if (/^\[[\w."' -]+\]$/.test(first) || /^[\w-]+\s*=/.test(first)) return "toml";
  if (/^[\w-]+:(\s|$)/.test(first) || first.startsWith("- ") || first === "---") return "yaml";
  return "json";
}

/** Keys only Gemini CLI writes in a server entry. */
const GEMINI_ENTRY_KEYS = ["httpUrl", "trust", "includeTools", "excludeTools", "authProviderType"];

/**
 * Picks the format of a parsed JSON file by its place and keys: `context_servers` (Zed), an
 * `mcp` map or a file named `opencode.json(c)` (or `config.json` in an `opencode/` folder: opencode), `mcpServers` in `.gemini/` or a
 * `settings.json`, or with Gemini's own keys (Gemini CLI), other `mcpServers` (Claude, Cursor,
 * Cline, Claude Code, Windsurf); a `servers` list or a file named `agent.json` (tiny-agents);
 * a `servers` map (VS Code `.vscode/mcp.json`, Cursor); `mcp.servers` (VS Code settings.json).
 */
export function detectJsonFormat(file: string, raw: unknown): DetectedFormat | undefined {
  const name = basename(file);
  const opencodeByName =
    /^\.?opencode\.jsonc?$/i.test(name) ||
    (/^config\.jsonc?$/i.test(name) && inFolder(file, "opencode"));
  if (!isMap(raw)) {
    if (name === "agent.json") return { format: "tiny-agents" };
    return opencodeByName ? { format: "opencode", byName: true } : undefined;
  }
  if ("context_servers" in raw) return { format: "zed", byName: false };
  const opencodeSchema = typeof raw.$schema === "string" && raw.$schema.includes("opencode.ai");
  if (opencodeByName || opencodeSchema) return { format: "opencode", byName: true };
  if ("mcpServers" in raw) {
    const entries = isMap(raw.mcpServers) ? Object.values(raw.mcpServers) : [];
    const geminiKeys = entries.some(
      (entry) => isMap(entry) && GEMINI_ENTRY_KEYS.some((key) => key in entry),
    );
    const geminiPlace =
      inFolder(file, ".gemini") ||
      (name === "settings.json" && !inFolder(file, ".vscode") && !inFolder(file, ".claude"));
    if (geminiKeys || geminiPlace) return { format: "gemini", byName: false };
    return { format: "mcp-servers", at: ["mcpServers"] };
  }
  if (name === "agent.json" || Array.isArray(raw.servers)) return { format: "tiny-agents" };
  if ("servers" in raw) return { format: "vscode", at: ["servers"] };
  if (isMap(raw.mcp) && "servers" in raw.mcp) return { format: "vscode", at: ["mcp", "servers"] };
  if (isMap(raw.mcp)) return { format: "opencode", byName: false };
  if (name === "settings.json" && inFolder(file, ".gemini"))
    return { format: "gemini", byName: true };
  if (name === "settings.json" && inFolder(file, "zed")) return { format: "zed", byName: true };
  return undefined;
}

/**
 * Picks the format of a parsed YAML file: `extensions` (Goose), an `mcpServers` list or a
 * file under `.continue/` (Continue), an `mcpServers` map (the JSON clients' shape, in YAML),
 * else Hermes (`mcp_servers`).
 */
export function detectYamlFormat(file: string, raw: unknown): DetectedFormat {
  const map = isMap(raw) ? raw : {};
  if (isMap(map.extensions)) return { format: "goose", byName: false };
  if (Array.isArray(map.mcpServers)) return { format: "continue", byName: false };
  if (inFolder(file, ".continue")) return { format: "continue", byName: true };
  if (isMap(map.mcpServers)) return { format: "mcp-servers", at: ["mcpServers"] };
  if (!("mcp_servers" in map) && inFolder(file, "goose")) return { format: "goose", byName: true };
  return { format: "hermes", byName: false };
}

/** A TOML file is Codex's `config.toml`; in a `.codex` folder it is known by its place alone. */
export function detectTomlFormat(file: string): DetectedFormat {
  return { format: "codex", byName: inFolder(file, ".codex") };
}
