import {
  AgentFileError,
  CLIENT_NAMES,
  type FoundClientConfig,
  findClientConfigs,
  readAgentFile,
} from "@tinyloop/agent-files";
import { configPlaces } from "../agent/config-places.js";
import { EXIT, type Io } from "../io.js";
import { FLAG_HINTS } from "../session/flag-hints.js";

/** One line of `config list --json`. */
export interface ListedConfig {
  client: FoundClientConfig["client"];
  /** The client's name as people write it (`Claude Code`). */
  clientName: string;
  scope: FoundClientConfig["scope"];
  path: string;
  /** Servers in the file (disabled ones included); `null` when the file could not be read. */
  servers: number | null;
  serverNames: string[];
  disabled: number;
  /** What keeps the file from being read, as `readAgentFile` says it (none when it reads). */
  problems: string[];
  warnings: string[];
}

async function listOne(found: FoundClientConfig, io: Io): Promise<ListedConfig> {
  const { serversAt: _, ...where } = found;
  const base = { ...where, clientName: CLIENT_NAMES[found.client] };
  try {
    const agent = await readAgentFile(found.path, {
      env: io.env,
      cwd: io.cwd,
      expandModel: false,
      hints: { loginAhead: FLAG_HINTS.loginAhead },
      // A listing asks nobody: an input nobody answered stays empty (running it will ask).
      inputs: () => "",
      ...(found.serversAt ? { serversAt: found.serversAt } : {}),
    });
    return {
      ...base,
      servers: agent.servers.length,
      serverNames: agent.servers.map((s) => s.name),
      disabled: agent.servers.filter((s) => !s.enabled).length,
      problems: [],
      warnings: agent.warnings.map((w) => w.text),
    };
  } catch (error) {
    // One file that cannot be read shows its problem; the listing goes on.
    const problem = AgentFileError.isInstance(error)
      ? error.message
      : `${found.path}: ${error instanceof Error ? error.message : String(error)}`;
    return {
      ...base,
      servers: null,
      serverNames: [],
      disabled: 0,
      problems: [problem],
      warnings: [],
    };
  }
}

function countLine({ servers, disabled, warnings }: ListedConfig): string {
  if (servers === null) return "cannot be read";
  const count = `${servers} server${servers === 1 ? "" : "s"}`;
  const off = disabled ? ` (${disabled} disabled)` : "";
  const warned = warnings.length
    ? `, ${warnings.length} warning${warnings.length === 1 ? "" : "s"}`
    : "";
  return `${count}${off}${warned}`;
}

const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");

/**
 * `tinyloop config list [--json]`: every MCP client config found in the standard places
 * (agent-files' `findClientConfigs`, project files of the current folder first), each read
 * with `readAgentFile` for its server count, warnings and problems. A file that cannot be
 * read is listed with its problem; the others are still read. Starts no server; exit 0.
 */
export async function configListCommand(flags: { json?: boolean }, io: Io): Promise<number> {
  const listed: ListedConfig[] = [];
  for (const found of findClientConfigs(configPlaces(io))) listed.push(await listOne(found, io));
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
    return EXIT.ok;
  }
  if (listed.length === 0) {
    io.stdout.write(
      "No MCP client config found in the standard places (Claude, Cursor, VS Code, Windsurf, Cline, Roo, Codex, Gemini CLI, opencode, Zed, Goose, Continue, LM Studio, Amazon Q).\n",
    );
    return EXIT.ok;
  }
  for (const entry of listed) {
    const lines = [
      `${entry.clientName} (${entry.scope}, --from ${entry.client})  ${countLine(entry)}`,
      `  ${entry.path}${entry.scope === "local" ? ` (its servers for ${io.cwd})` : ""}`,
    ];
    if (entry.serverNames.length) lines.push(`  servers: ${entry.serverNames.join(", ")}`);
    for (const problem of entry.problems) lines.push("  problem:", indent(problem));
    for (const warning of entry.warnings) lines.push("  warning:", indent(warning));
    io.stdout.write(`${lines.join("\n")}\n`);
  }
  return EXIT.ok;
}
