import { basename } from "node:path";
import type { ConfigPath } from "./config-path.js";

/** Which reader a parsed JSON file goes to, and where its servers are. */
export type JsonFormat =
  | { format: "tiny-agents" }
  | { format: "mcp-servers" | "vscode"; at: ConfigPath };

/** A JSON object (not `null`, not a list): where a format keeps keys or servers. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Picks the format of a parsed JSON file by its keys: `mcpServers` (Claude, Cursor, Cline,
 * Claude Code, Windsurf); a `servers` list or a file named `agent.json` (tiny-agents); a
 * `servers` map (VS Code `.vscode/mcp.json`, Cursor); `mcp.servers` (VS Code settings.json).
 */
export function detectJsonFormat(file: string, raw: unknown): JsonFormat | undefined {
  if (!isMap(raw)) return basename(file) === "agent.json" ? { format: "tiny-agents" } : undefined;
  if ("mcpServers" in raw) return { format: "mcp-servers", at: ["mcpServers"] };
  if (basename(file) === "agent.json" || Array.isArray(raw.servers))
    return { format: "tiny-agents" };
  if ("servers" in raw) return { format: "vscode", at: ["servers"] };
  if (isMap(raw.mcp) && "servers" in raw.mcp) return { format: "vscode", at: ["mcp", "servers"] };
  return undefined;
}
