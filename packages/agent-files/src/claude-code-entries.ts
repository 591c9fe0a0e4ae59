import { readFileSync } from "node:fs";
import { parse } from "jsonc-parser";
import type { ConfigPath } from "./config-path.js";
import { isMap } from "./detect-format.js";

/** Where `~/.claude.json` holds servers: its user scope, and the local scope of one folder. */
export interface ClaudeCodeSections {
  /** The top-level `mcpServers` exists (Claude Code's user scope). */
  user: boolean;
  /** `["projects", cwd, "mcpServers"]` when that folder has servers (Claude Code's local scope). */
  local?: ConfigPath;
}

/**
 * Which sections of Claude Code's `~/.claude.json` hold servers for `cwd`. The file also keeps
 * Claude Code's own state (history, settings), so one without a top-level `mcpServers` is not
 * an MCP config at all; per-folder servers (`claude mcp add`'s default, local scope) live in
 * `projects[<absolute folder>].mcpServers`. A file that is not valid JSON counts as the user
 * scope, so that reading it shows its problem.
 */
export function claudeCodeSections(file: string, cwd: string): ClaudeCodeSections {
  let value: unknown;
  try {
    const errors: unknown[] = [];
    value = parse(readFileSync(file, "utf8"), errors as never, { allowTrailingComma: true });
    if (errors.length > 0) return { user: true };
  } catch {
    return { user: true };
  }
  if (!isMap(value)) return { user: true };
  const projects = value.projects;
  const local = isMap(projects) && isMap(projects[cwd]) ? projects[cwd].mcpServers : undefined;
  return {
    user: "mcpServers" in value,
    ...(isMap(local) && Object.keys(local).length > 0
      ? { local: ["projects", cwd, "mcpServers"] }
      : {}),
  };
}
