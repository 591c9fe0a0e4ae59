import type { AgentFile } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";

/** Default most levels of agents run as servers below the first one. */
export const MAX_AGENT_DEPTH = 4;

/** Options of {@link checkAgentChain}. */
export interface AgentChainOptions {
  /** Reads the agent an `agent` entry names (an absolute path), without asking anything. */
  readAgent: (path: string) => Promise<AgentFile>;
  /** Most levels of agents below `file`. Default {@link MAX_AGENT_DEPTH}. */
  maxDepth?: number;
}

/**
 * Checks the agents `file` uses as servers (`{ "agent": "../researcher" }` entries), and
 * theirs, before anything starts: each must read (a missing folder is an error here, not a
 * server that fails later), none may use an agent already in its chain (A uses B uses A would
 * start processes forever), and the chain may be at most `maxDepth` agents deep. The error
 * shows the chain: `a/agent.json → b/agent.json → a/agent.json`.
 * @throws AgentFileError `AGENT_CHAIN`.
 */
export async function checkAgentChain(file: AgentFile, options: AgentChainOptions): Promise<void> {
  const maxDepth = options.maxDepth ?? MAX_AGENT_DEPTH;
  const visit = async (agent: AgentFile, chain: string[]): Promise<void> => {
    for (const server of agent.servers) {
      const target = server.agent;
      if (target === undefined || !server.enabled) continue;
      const shown = [...chain, target].join(" → ");
      const fail = (problem: string, cause?: unknown) =>
        new AgentFileError({
          code: "AGENT_CHAIN",
          file: agent.file ?? target,
          path: server.path,
          problem,
          ...(cause === undefined ? {} : { cause }),
        });
      if (chain.length > maxDepth) {
        throw fail(
          `agents used as servers go more than ${maxDepth} levels deep (${shown}); use the deepest agent's servers directly instead`,
        );
      }
      let child: AgentFile;
      try {
        child = await options.readAgent(target);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw fail(`the agent server "${server.name}" cannot be read (${shown}): ${why}`, error);
      }
      const childFile = child.file ?? target;
      if (chain.includes(childFile)) {
        throw fail(
          `agents used as servers form a cycle: ${[...chain, childFile].join(" → ")}; remove one of these "agent" entries`,
        );
      }
      await visit(child, [...chain, childFile]);
    }
  };
  await visit(file, [file.file ?? "(this agent)"]);
}
