import { readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { CliError } from "../cli-error.js";
import type { AgentSpec } from "./agent-spec.js";
import { configIssue } from "./config-issue.js";
import { parseHermesYaml } from "./hermes-yaml.js";
import { isMcpServersJson, parseMcpServersJson } from "./mcp-servers-json.js";
import { parseTinyAgent } from "./tiny-agents.js";

/** Prompt files of a tiny-agents folder, in the order tiny-agents itself tries them. */
const PROMPT_FILES = ["AGENTS.md", "PROMPT.md"];

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError({
      code: "CONFIG_NOT_FOUND",
      message: `${file}: cannot read the file (${(error as Error).message})`,
      cause: error,
    });
  }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw configIssue({
      file,
      path: [],
      problem: `is not valid JSON: ${(error as Error).message}`,
      example: `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
    });
  }
}

function parseYamlText(file: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    const first = (error as Error).message.split("\n")[0];
    throw configIssue({
      file,
      path: [],
      problem: `is not valid YAML: ${first}`,
      example: `mcp_servers:\\n  files:\\n    command: npx\\n    args: ["-y", "@modelcontextprotocol/server-filesystem", "."]`,
    });
  }
}

function withPrompt(spec: AgentSpec, dir: string): AgentSpec {
  for (const name of PROMPT_FILES) {
    const file = join(dir, name);
    try {
      spec.systemPrompt = readFileSync(file, "utf8");
      spec.promptPath = file;
      break;
    } catch {
      // the prompt file is optional
    }
  }
  return spec;
}

/**
 * Reads an agent from a path: a tiny-agents folder (`agent.json` + optional `AGENTS.md` /
 * `PROMPT.md`), a path to such an `agent.json`, an `mcpServers` JSON file, or a Hermes-style
 * YAML file. The format is chosen by file name and content. Throws `CliError` (exit 2).
 */
export function loadAgentFile(
  target: string,
  { cwd = process.cwd() }: { cwd?: string } = {},
): AgentSpec {
  const path = resolve(cwd, target);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    throw new CliError({
      code: "CONFIG_NOT_FOUND",
      message: `${target}: no such file or folder; give a tiny-agents folder (agent.json), an agent.json, an mcpServers JSON file (.mcp.json) or a YAML file with mcp_servers`,
    });
  }
  if (stats.isDirectory()) {
    const file = join(path, "agent.json");
    try {
      statSync(file);
    } catch {
      throw new CliError({
        code: "CONFIG_NOT_FOUND",
        message: `${path}: folder has no agent.json; expected a tiny-agents folder (agent.json and optionally PROMPT.md), or pass a file such as ${join(target, ".mcp.json")}`,
      });
    }
    return withPrompt(parseTinyAgent(parseJson(file, readText(file)), { file }), path);
  }
  const text = readText(path);
  if (/\.ya?ml$/i.test(path)) return parseHermesYaml(parseYamlText(path, text), { file: path });
  const raw = parseJson(path, text);
  if (isMcpServersJson(raw)) return parseMcpServersJson(raw, { file: path });
  if (
    basename(path) === "agent.json" ||
    (raw !== null && typeof raw === "object" && "servers" in raw)
  ) {
    return withPrompt(parseTinyAgent(raw, { file: path }), dirname(path));
  }
  throw configIssue({
    file: path,
    path: [],
    problem: `is neither a tiny-agents agent.json (no "servers" list) nor an mcpServers file (no "mcpServers" object)`,
    example: `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  });
}
