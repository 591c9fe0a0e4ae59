export type {
  AgentFormat,
  AgentInput,
  AgentServer,
  AgentSpec,
  ApprovalMode,
  ServerTransport,
} from "./agent/agent-spec.js";
export { defaultAgent } from "./agent/default-agent.js";
export type { InputAsker } from "./agent/expand-variables.js";
export { inputVariableName, resolveAgentVariables } from "./agent/expand-variables.js";
export { loadAgentFile } from "./agent/load-agent.js";
export { AGENT_DIR_VARIABLE, readAgent } from "./agent/read-agent.js";
export { deriveServerName } from "./agent/server-names.js";
export type { CliErrorCode } from "./cli-error.js";
export { CliError } from "./cli-error.js";
export type { ConnectEntry } from "./session/server-configs.js";
export { toConnectEntries } from "./session/server-configs.js";
