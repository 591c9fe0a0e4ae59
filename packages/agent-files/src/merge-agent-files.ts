import { formatKeyPath } from "@tinyloop/errors";
import type { AgentFile, AgentFileServer, AgentFileWarning } from "./agent-file.js";
import { defaultEndWhen } from "./default-end-when.js";

/**
 * One agent holding the servers of several files (`--from all`: every client's config at
 * once). A server name already taken by an earlier file is a clash: the earlier file's
 * server is kept, the later one skipped, and the skip is a warning naming both files —
 * two clients usually name the same server alike, and running it twice would double its
 * tools. The result names no model (each file's model keys are left out, since files
 * disagree); its warnings are every file's, then the clashes.
 *
 * @example
 * const agent = mergeAgentFiles([cursor, claude], "all clients");
 * agent.warnings.filter((w) => w.message.includes("taken by"));
 */
export function mergeAgentFiles(agents: AgentFile[], name: string): AgentFile {
  if (agents.length === 1 && agents[0]) return agents[0];
  const servers: AgentFileServer[] = [];
  const owner = new Map<string, string>();
  const clashes: AgentFileWarning[] = [];
  for (const agent of agents) {
    const file = agent.file ?? agent.name;
    for (const server of agent.servers) {
      const taken = owner.get(server.name);
      if (taken === undefined) {
        owner.set(server.name, file);
        servers.push(server);
        continue;
      }
      const path = formatKeyPath(server.path);
      const message = `server "${server.name}" skipped: the name is taken by ${taken} (the first file found wins; rename one of them to run both)`;
      clashes.push({ file, path, message, text: `${file}: warning: ${path}: ${message}` });
    }
  }
  return {
    format: "mcp-servers",
    name,
    servers,
    inputs: agents.flatMap((agent) => agent.inputs),
    warnings: [...agents.flatMap((agent) => agent.warnings), ...clashes],
    endWhen: defaultEndWhen("mcp-servers"),
  };
}
