import { agentScript } from "./contender.js";
import { planClientContender } from "./plan-client-contender.js";

/**
 * `@openai/agents` 0.20: `Agent` + `run()` with `MCPServerStdio` servers (see
 * openai-agents-client.ts). With `includeServerInToolNames` it names a tool
 * `mcp_<server>__<tool>` (two underscores), so its script uses those names.
 */
export const openaiAgentsContender = planClientContender({
  id: "openai-agents",
  label: "OpenAI Agents SDK 0.20",
  client: "openai-agents-client.js",
  script: (scenario) => agentScript(scenario, (call) => `mcp_${call.server}__${call.tool}`),
});
