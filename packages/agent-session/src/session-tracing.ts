import type { AgentFile } from "@tinyloop/agent-files";
import type { TracingOptions } from "@tinyloop/agent-loop";
import { configSecrets, maskSecrets } from "@tinyloop/mcp-transport/config";

/**
 * The agent's tracing options for a session: the agent file's name as `gen_ai.agent.name`,
 * and recorded content (when the caller opted in) masked of every secret of the agent's
 * server configs (header values, `env` values, URL credentials), as server log lines are,
 * before the caller's own `redact`.
 */
export function sessionTracing(file: AgentFile, given: TracingOptions = {}): TracingOptions {
  const mask = maskSecrets(file.servers.flatMap((server) => configSecrets(server.config)));
  const own = given.redact;
  return {
    agentName: file.name,
    ...given,
    redact: own ? (text) => own(mask(text)) : mask,
  };
}
