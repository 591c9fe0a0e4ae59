import type { AgentFileServer } from "@tinyloop/agent-files";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { McpRoot } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import type { AskQuestion } from "./ask-approval.js";
import { askElicitation } from "./ask-elicitation.js";
import {
  type ConnectProgress,
  type ConnectServersOptions,
  connectServers,
} from "./connect-servers.js";

/** Options of {@link inspectServers}: {@link connectServers}'s, with what a session would offer. */
export interface InspectServersOptions extends Omit<ConnectServersOptions, "features"> {
  /** Asks a server's form (elicitation) of a person; without it forms are declined. */
  ask?: AskQuestion | undefined;
  /** The roots a session of the agent offers (`agentRoots`). */
  roots?: McpRoot[] | undefined;
  /**
   * Why a server's sampling request is refused, naming how to let the agent call the tool
   * instead (nothing here runs the agent's model).
   */
  samplingRefusal: string;
}

/**
 * Connects servers into a fresh registry without a model, to list or call their tools by
 * hand: forms are asked through `ask` and the session's roots offered as a session would
 * (servers that list tools by the client's capabilities list the same ones), sampling is
 * refused with `samplingRefusal`. The caller closes the hub.
 */
export async function inspectServers(
  servers: readonly AgentFileServer[],
  progress: ConnectProgress,
  { ask, roots, samplingRefusal, ...options }: InspectServersOptions,
): Promise<{ registry: ToolRegistry; hub: McpHub }> {
  const registry = new ToolRegistry();
  const { hub } = await connectServers(servers, registry, progress, {
    ...options,
    features: {
      onElicit: (request, { server, signal }) => askElicitation(server, request, ask, signal),
      onSample: async () => {
        throw new Error(samplingRefusal);
      },
      ...(roots ? { roots } : {}),
    },
  });
  return { registry, hub };
}
