import { dirname } from "node:path";
import type { AgentSpec } from "./agent-spec.js";
import { defaultAgent } from "./default-agent.js";
import { type InputAsker, resolveAgentVariables } from "./expand-variables.js";
import { loadAgentFile } from "./load-agent.js";

/** Variable that holds the folder of the agent file, usable as `${TINYLOOP_AGENT_DIR}`. */
export const AGENT_DIR_VARIABLE = "TINYLOOP_AGENT_DIR";

/**
 * Loads the agent at `target` (or the default agent when absent) and expands its
 * variables and inputs. The one entry point the commands use.
 */
export async function readAgent(
  target: string | undefined,
  { cwd, env, ask }: { cwd: string; env: Record<string, string | undefined>; ask?: InputAsker },
): Promise<AgentSpec> {
  const spec =
    target === undefined
      ? defaultAgent({ cwd, pathVariable: env.PATH })
      : loadAgentFile(target, { cwd });
  const agentDir = spec.path ? dirname(spec.path) : cwd;
  return resolveAgentVariables(spec, {
    env: { ...env, [AGENT_DIR_VARIABLE]: agentDir },
    ...(ask ? { ask } : {}),
    file: spec.path ?? "default agent",
  });
}
