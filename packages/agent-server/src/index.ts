export type { AgentMcpServer, AgentMcpServerOptions } from "./agent-mcp-server.js";
export { createAgentMcpServer } from "./agent-mcp-server.js";
export type { AgentServer, CloseOptions } from "./agent-server.js";
export type { AgentServerErrorCode } from "./agent-server-error.js";
export { AgentServerError } from "./agent-server-error.js";
export type { AgentToolDefinition, AgentToolInput } from "./agent-tool.js";
export { agentToolDescription, agentToolName } from "./agent-tool.js";
export { type AgentToolNameHints, agentToolNameProblem } from "./agent-tool-name.js";
export type { ApiErrorBody, ApiErrorType } from "./api-error.js";
export type { ApiKeyHints } from "./api-key-from-env.js";
export { apiKeyFromEnv } from "./api-key-from-env.js";
export type { CallerLogLine, ServerEvents } from "./caller-log.js";
export { callerLogLine, callerServerEvents } from "./caller-log.js";
export type { SamplingApproval } from "./caller-sampling-approval.js";
export { chatPageVendorFiles } from "./chat-page.js";
export { createAgentServer } from "./create-agent-server.js";
export { curlExample } from "./curl-example.js";
export { DEFAULT_PORT } from "./default-port.js";
export { formatRequestLog } from "./format-request-log.js";
export { isLoopbackHost } from "./loopback-host.js";
export { modelNameFor } from "./model-name.js";
export type { PageAnswer, PageDecision } from "./page-approvals.js";
export type { FormDecision } from "./page-elicitations.js";
export type { AgentToolCallMade } from "./run-agent-tool.js";
export type { ApprovalMode, ChangeLines, ServeApproval } from "./serve-approval.js";
export type { ServerHints } from "./server-hints.js";
export type {
  AgentRegistry,
  AgentServerOptions,
  McpEndpointOptions,
  RequestLog,
  ServerSettings,
} from "./server-options.js";
export { checkCanListen, checkServerOptions } from "./server-options.js";
export type { ServingQuestions } from "./serving-questions.js";
export { servingQuestions } from "./serving-questions.js";
export type { SettingsFromEnvOptions } from "./settings-from-env.js";
export { portFromEnv, serverSettingsFromEnv } from "./settings-from-env.js";
export type {
  ApprovalRequestExtension,
  DoneExtension,
  ElicitationRequestExtension,
  SamplingRequestExtension,
  TinyloopExtension,
  ToolCallExtension,
  ToolProgressExtension,
  ToolResultExtension,
} from "./tinyloop-events.js";
