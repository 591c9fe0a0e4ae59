import type { AgentFile } from "../agent-file.js";
import { AgentFileError } from "../agent-file-error.js";
import {
  CLIENT_IDS,
  CLIENT_NAMES,
  type ConfigPlaces,
  clientConfigLocations,
  isClientId,
} from "../client-config-locations.js";
import { type FoundClientConfig, findClientConfigs } from "../find-client-configs.js";
import { mergeAgentFiles } from "../merge-agent-files.js";

/** Options of {@link readClientAgents}. */
export interface ClientAgentsOptions {
  places: ConfigPlaces;
  /** How the caller's user names the client (a CLI: `--from`), in messages. */
  setting: string;
  /** The caller's command that lists the configs found and their problems, named in messages. */
  listCommand?: string | undefined;
  /** Reads one config as the caller reads agent files (its warnings said as they come). */
  read: (found: FoundClientConfig) => Promise<AgentFile>;
  /** Said once: which files were read, a file skipped under `all`. */
  onNote: (text: string) => void;
  /** The merge's own warnings (a server name taken by an earlier file). */
  onWarning: (text: string) => void;
}

/**
 * The servers of every config of a client found in the standard places (project ones first),
 * or of every client with `all`, as one agent (`mergeAgentFiles`: a server name already taken
 * keeps the first file's server, and the skip is a warning). Under `all`, a file that cannot
 * be read is skipped with its problem as a note (one broken client must not stop the others);
 * for one named client it is the error it is.
 * @throws AgentFileError `INVALID` for an unknown client, `NOT_FOUND` when nothing is found.
 */
export async function readClientAgents(
  from: string,
  { places, setting, listCommand, read, onNote, onWarning }: ClientAgentsOptions,
): Promise<AgentFile> {
  const shows = (what: string) => (listCommand ? ` (${listCommand} shows ${what})` : "");
  const wanted = from.trim().toLowerCase();
  if (wanted !== "all" && !isClientId(wanted)) {
    throw new AgentFileError({
      code: "INVALID",
      file: setting,
      problem: `expected a client name or all, got "${from}" (example: ${setting} cursor). Clients: ${CLIENT_IDS.join(", ")}`,
    });
  }
  const found = findClientConfigs(places).filter((f) => wanted === "all" || f.client === wanted);
  if (found.length === 0) {
    const looked = clientConfigLocations(places)
      .filter((l) => wanted === "all" || l.client === wanted)
      .map((l) => l.path);
    throw new AgentFileError({
      code: "NOT_FOUND",
      file: `${setting} ${wanted}`,
      problem:
        wanted === "all"
          ? `no MCP client configuration found in the standard places${shows("where it looks")}`
          : `no ${CLIENT_NAMES[wanted]} configuration found; looked in ${looked.join(", ")}`,
    });
  }
  const agents: AgentFile[] = [];
  for (const config of found) {
    // An AgentFileError's first line starts with the file: `PATH:1:2: is not valid JSON…`.
    try {
      agents.push(await read(config));
    } catch (error) {
      if (wanted !== "all" || !AgentFileError.isInstance(error)) throw error;
      onNote(`${setting} all: skipped ${error.message.split("\n")[0]}`);
    }
  }
  if (agents.length === 0) {
    throw new AgentFileError({
      code: "UNREADABLE",
      file: `${setting} all`,
      problem: `none of the ${found.length} configurations found could be read${shows("their problems")}`,
    });
  }
  const agent = mergeAgentFiles(agents, wanted === "all" ? "all clients" : wanted);
  onNote(`${setting} ${wanted}: read ${agents.map((a) => a.file).join(", ")}`);
  // The files' own warnings were said as they were read; the clashes are the merge's.
  const said = agents.reduce((n, a) => n + a.warnings.length, 0);
  for (const warning of agent.warnings.slice(said)) onWarning(warning.text);
  return agent;
}
