import { AgentFileError } from "./agent-file-error.js";
import { CLIENT_NAMES, type ConfigPlaces } from "./client-config-locations.js";
import { type FoundClientConfig, findClientConfigs } from "./find-client-configs.js";
import { readAgentFile } from "./read-agent-file.js";
import type { EntryHints } from "./read-server-entry.js";

/** One MCP client config found on this machine, read for its servers (see {@link listClientConfigs}). */
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

/**
 * Every MCP client config in the standard places (`findClientConfigs`, project files of
 * `places.cwd` first), each read with `readAgentFile` for its servers, warnings and problems.
 * A file that cannot be read is listed with its problem; the others are still read. Asks
 * nobody: an input nobody answered stays empty. Starts nothing.
 */
export async function listClientConfigs(
  places: ConfigPlaces,
  { hints }: { hints?: EntryHints } = {},
): Promise<ListedConfig[]> {
  const listed: ListedConfig[] = [];
  for (const found of findClientConfigs(places)) listed.push(await listOne(found, places, hints));
  return listed;
}

async function listOne(
  found: FoundClientConfig,
  places: ConfigPlaces,
  hints: EntryHints | undefined,
): Promise<ListedConfig> {
  const { serversAt: _, ...where } = found;
  const base = { ...where, clientName: CLIENT_NAMES[found.client] };
  try {
    const agent = await readAgentFile(found.path, {
      ...(places.env ? { env: places.env } : {}),
      cwd: places.cwd,
      expandModel: false,
      ...(hints ? { hints } : {}),
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

/**
 * A listed config for a person, without a final newline: `Cursor (user, --from cursor)  2
 * servers`, its path, its servers, each problem and warning indented. `fromSetting` names the
 * program's way to use a client's servers (`--from`).
 */
export function listedConfigText(
  entry: ListedConfig,
  { cwd, fromSetting }: { cwd: string; fromSetting: string },
): string {
  const lines = [
    `${entry.clientName} (${entry.scope}, ${fromSetting} ${entry.client})  ${countText(entry)}`,
    `  ${entry.path}${entry.scope === "local" ? ` (its servers for ${cwd})` : ""}`,
  ];
  if (entry.serverNames.length) lines.push(`  servers: ${entry.serverNames.join(", ")}`);
  for (const problem of entry.problems) lines.push("  problem:", indent(problem));
  for (const warning of entry.warnings) lines.push("  warning:", indent(warning));
  return lines.join("\n");
}

function countText({ servers, disabled, warnings }: ListedConfig): string {
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
