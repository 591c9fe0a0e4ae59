import { pathToFileURL } from "node:url";
import type { AgentFile } from "@tinyloop/agent-files";
import type { McpRoot } from "@tinyloop/mcp-transport";

/**
 * The roots to offer an agent's servers: the working folder for a built agent
 * (`format: "default"`, whose filesystem server works there already). Agent files get none:
 * servers such as server-filesystem replace their configured directories with the client's
 * roots, so offering a folder would widen a sandbox the file chose. Undefined means the
 * roots capability is not declared.
 */
export function agentRoots(agent: Pick<AgentFile, "format">, cwd: string): McpRoot[] | undefined {
  if (agent.format !== "default") return undefined;
  return [{ uri: pathToFileURL(cwd).href, name: cwd }];
}
