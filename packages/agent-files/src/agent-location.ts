import { statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { AgentFileError } from "./agent-file-error.js";
import type { FormatResult } from "./agent-settings.js";
import { fileSystemError, readConfigFile } from "./read-config-file.js";

/** Prompt files of a tiny-agents folder, in the order tiny-agents itself tries them. */
const PROMPT_FILES = ["AGENTS.md", "PROMPT.md"];

/** The file to read for `path` (a folder means its `agent.json`); `NOT_FOUND` when there is none. */
export function locateFile(path: string, target: string): { file: string; folder?: string } {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw fileSystemError(target, error);
    throw new AgentFileError({
      code: "NOT_FOUND",
      file: target,
      problem:
        "no such file or folder; give a tiny-agents folder (agent.json), an agent.json, an mcpServers file (.mcp.json, claude_desktop_config.json), a VS Code .vscode/mcp.json, a Codex config.toml, a Gemini CLI or Zed settings.json, an opencode.json, a Goose or Continue config.yaml, or a Hermes YAML file",
    });
  }
  if (!stats.isDirectory()) return { file: path };
  const file = join(path, "agent.json");
  try {
    statSync(file);
  } catch {
    throw new AgentFileError({
      code: "NOT_FOUND",
      file: path,
      problem: `the folder has no agent.json; give a tiny-agents folder (agent.json and optionally PROMPT.md), or a file such as ${join(target, ".mcp.json")}`,
    });
  }
  return { file, folder: path };
}

/** The text of a file (see {@link readConfigFile}: regular files only, at most 10 MB, UTF-8). */
export function readText(file: string): string {
  return readConfigFile(file);
}

/** `AGENTS.md`, else `PROMPT.md` of a tiny-agents folder, when there is one. */
export function readPrompt(dir: string): { systemPrompt: string; promptFile: string } | undefined {
  for (const name of PROMPT_FILES) {
    const file = join(dir, name);
    try {
      return { systemPrompt: readConfigFile(file), promptFile: file };
    } catch (error) {
      // The prompt file is optional; one that is there but unreadable is reported.
      if ((error as AgentFileError).code !== "NOT_FOUND") throw error;
    }
  }
  return undefined;
}

/** VS Code's and Cursor's `${workspaceFolder}`: the folder holding `.vscode/` or `.cursor/`. */
export function workspaceOf(file: string): string {
  const dir = dirname(file);
  return [".vscode", ".cursor"].includes(basename(dir)) ? dirname(dir) : dir;
}

/** The agent's name when the file gives none: the folder, the workspace or the file name. */
export function nameOf(file: string, format: FormatResult["format"]): string {
  if (format === "tiny-agents") return basename(dirname(file));
  const workspace = workspaceOf(file);
  if (workspace !== dirname(file)) return basename(workspace);
  return basename(file, extname(file)).replace(/^\./, "") || basename(file);
}
