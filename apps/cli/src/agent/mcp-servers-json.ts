import { z } from "zod";
import type { AgentServer, AgentSpec } from "./agent-spec.js";
import { configIssue, parseWith } from "./config-issue.js";
import { parseServerEntry } from "./server-entry.js";
import { agentSettingsSchema, copySettings } from "./tiny-agents.js";

const EXAMPLE = `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`;

// Claude Desktop's file holds unrelated app settings, so other top-level keys are ignored.
const fileSchema = z
  .object({ mcpServers: z.record(z.string(), z.unknown()), ...agentSettingsSchema })
  .loose();

/**
 * Reads a Claude Desktop / Cursor / Claude Code style file (`claude_desktop_config.json`,
 * `mcp.json`, `.mcp.json`): `{ "mcpServers": { name: { command, args, env } | { type, url, headers } } }`.
 * The model usually comes from flags. Entries with `"disabled": true` are skipped.
 */
export function parseMcpServersJson(raw: unknown, { file }: { file: string }): AgentSpec {
  const parsed = parseWith(fileSchema, raw, { file, example: EXAMPLE });
  const servers: AgentServer[] = [];
  for (const [name, value] of Object.entries(parsed.mcpServers)) {
    if (name.trim() === "") {
      throw configIssue({
        file,
        path: ["mcpServers"],
        problem: `a server has an empty name`,
        example: EXAMPLE,
      });
    }
    const { enabled, ...entry } = parseServerEntry(value, {
      file,
      path: ["mcpServers", name],
      style: "mcp-servers",
    });
    if (enabled) servers.push({ name, origin: ["mcpServers", name], ...entry });
  }
  const spec: AgentSpec = { format: "mcp-servers", path: file, inputs: [], servers };
  copySettings(parsed, spec);
  return spec;
}

/** True when a parsed JSON value looks like an `mcpServers` file rather than an agent.json. */
export function isMcpServersJson(raw: unknown): boolean {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw) && "mcpServers" in raw;
}
