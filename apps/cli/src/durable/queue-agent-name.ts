import type { AgentFile } from "@tinyloop/agent-files";
import { modelNameFor } from "@tinyloop/agent-server";

/**
 * The name an agent's runs are queued under: the name `serve` gives it (the agent's name,
 * else its folder or file name; `tinyloop-agent` for the default agent), so `worker` and
 * `submit` given the same AGENT meet in the same queue.
 */
export function queueAgentName(spec: AgentFile): string {
  return modelNameFor(spec.file === undefined ? undefined : spec.name);
}
