/** Re-exported from `@tinyloop/errors`, the one home of URL redaction (the model adapters use it too). */
export { redactUrl, redactUrlsInText } from "@tinyloop/errors";
export type {
  ClientFeatureOptions,
  McpElicitRequest,
  McpElicitResult,
  McpRoot,
  McpSamplingRequest,
  McpSamplingResult,
  McpServerLog,
  ServerRequestContext,
} from "./client-features.js";
export type {
  HttpServerConfig,
  OAuthConfig,
  ReconnectConfig,
  SandboxConfig,
  ServerConfig,
  SseServerConfig,
  StdioServerConfig,
  TimeoutsConfig,
} from "./config-schema.js";
export { isStdioConfig } from "./config-schema.js";
export {
  httpServerConfigSchema,
  oauthConfigSchema,
  reconnectSchema,
  sandboxConfigSchema,
  serverConfigSchema,
  sseServerConfigSchema,
  stdioServerConfigSchema,
  timeoutsSchema,
} from "./config-schema-constants.js";
export { connectServer } from "./connect-server.js";
export { CONNECTION_STATES } from "./connection-states.js";
export type {
  CallToolOptions,
  ConnectionState,
  ConnectOptions,
  McpCallResult,
  McpConnection,
  McpContent,
  McpProgress,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  McpTool,
  OAuthOptions,
  ReconnectPolicy,
  RequestOptions,
  StateChangeDetail,
  Timeouts,
  ToolTaskSupport,
  WhileReconnecting,
} from "./connection-types.js";
export {
  DEFAULT_KILL_AFTER_MS,
  DEFAULT_RECONNECT,
  DEFAULT_TIMEOUTS,
  DEFAULT_WHILE_RECONNECTING,
  defaultMaxConcurrentStarts,
} from "./defaults.js";
export { applyElicitationDefaults } from "./elicitation-defaults.js";
export type { McpTransportErrorCode, McpTransportErrorOptions } from "./errors.js";
export { McpTransportError } from "./errors.js";
export type { ExpandedText } from "./expand-variables.js";
export { expandVariables, listVariables } from "./expand-variables.js";
export { ForwardingConnection } from "./forwarding-connection.js";
export { interpolate } from "./interpolate.js";
export { MAX_TOOL_PAGES, MAX_TOOLS } from "./list-all-tools.js";
export type { LogInResult } from "./oauth/log-in.js";
export { logIn } from "./oauth/log-in.js";
export type { OAuthStore, StoredOAuth } from "./oauth/oauth-store.js";
export { FileOAuthStore, MemoryOAuthStore } from "./oauth/oauth-store.js";
export { parseServerConfig } from "./parse-server-config.js";
export type { RateLimitedLog } from "./rate-limited-log.js";
export { LOG_LINES_PER_WINDOW, LOG_WINDOW_MS, rateLimitedLog } from "./rate-limited-log.js";
export {
  HOST_PRESETS,
  SANDBOX_INSTALL_LINE,
  SANDBOX_NODE_VARIABLE,
  SECRET_PLACES,
} from "./sandbox/sandbox-places.js";
export type { SandboxPlaces, SandboxPolicy } from "./sandbox/sandbox-policy.js";
export { sandboxPolicyFor } from "./sandbox/sandbox-policy.js";
export type { Redact, SecretSources } from "./secret-redactor.js";
export {
  configSecrets,
  createSecretRedactor,
  maskSecrets,
  OAUTH_SECRET_KEYS,
} from "./secret-redactor.js";
export type { TaskCallFacts } from "./task-call-policy.js";
export { runsAsTask, TASK_MIN_TIMEOUT_MS } from "./task-call-policy.js";
