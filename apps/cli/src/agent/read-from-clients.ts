import {
  type AgentFile,
  AgentFileError,
  CLIENT_IDS,
  CLIENT_NAMES,
  clientConfigLocations,
  type FoundClientConfig,
  findClientConfigs,
  isClientId,
  mergeAgentFiles,
} from "@tinyloop/agent-files";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { configPlaces } from "./config-places.js";

/**
 * `--from CLIENT`: the servers of every config of that client found in the standard places
 * (project ones first), or of every client with `--from all`, as one agent (agent-files'
 * `mergeAgentFiles`: a server name already taken keeps the first file's server, and the skip
 * is printed as a warning). `read` reads one file as the commands do. Under `all`, a file that
 * cannot be read is skipped with its problem on stderr (one broken client must not stop the
 * others); for one named client it is the error it is.
 */
export async function readFromClients(
  from: string,
  io: Io,
  read: (found: FoundClientConfig) => Promise<AgentFile>,
): Promise<AgentFile> {
  const wanted = from.trim().toLowerCase();
  if (wanted !== "all" && !isClientId(wanted)) {
    throw new CliError({
      code: "USAGE",
      message: `--from: expected a client name or all, got "${from}" (example: --from cursor). Clients: ${CLIENT_IDS.join(", ")}`,
    });
  }
  const places = configPlaces(io);
  const found = findClientConfigs(places).filter((f) => wanted === "all" || f.client === wanted);
  if (found.length === 0) {
    const looked = clientConfigLocations(places)
      .filter((l) => wanted === "all" || l.client === wanted)
      .map((l) => l.path);
    throw new CliError({
      code: "USAGE",
      message:
        wanted === "all"
          ? "--from all: no MCP client configuration found in the standard places (tinyloop config list shows where it looks)"
          : `--from ${wanted}: no ${CLIENT_NAMES[wanted]} configuration found; looked in ${looked.join(", ")}`,
    });
  }
  const agents: AgentFile[] = [];
  for (const config of found) {
    // An AgentFileError's first line starts with the file: `PATH:1:2: is not valid JSON…`.
    try {
      agents.push(await read(config));
    } catch (error) {
      if (wanted !== "all" || !AgentFileError.isInstance(error)) throw error;
      io.stderr.write(`tinyloop: --from all: skipped ${error.message.split("\n")[0]}\n`);
    }
  }
  if (agents.length === 0) {
    throw new CliError({
      code: "USAGE",
      message: `--from all: none of the ${found.length} configurations found could be read (tinyloop config list shows their problems)`,
    });
  }
  const agent = mergeAgentFiles(agents, wanted === "all" ? "all clients" : wanted);
  io.stderr.write(`tinyloop: --from ${wanted}: read ${agents.map((a) => a.file).join(", ")}\n`);
  // The files' own warnings were printed as they were read; the clashes are the merge's.
  const printed = agents.reduce((n, a) => n + a.warnings.length, 0);
  for (const warning of agent.warnings.slice(printed))
    io.stderr.write(`tinyloop: ${warning.text}\n`);
  return agent;
}
