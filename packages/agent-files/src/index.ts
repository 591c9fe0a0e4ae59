/** `formatConfigPath` is `@tinyloop/errors`' `formatKeyPath`: `mcpServers.github.env.TOKEN`, `servers[1].command`. */
export { formatKeyPath as formatConfigPath } from "@tinyloop/errors";
export type { AgentChainOptions } from "./agent-chain.js";
export { checkAgentChain, MAX_AGENT_DEPTH } from "./agent-chain.js";
export type {
  AgentFile,
  AgentFileInput,
  AgentFileServer,
  AgentFileToolFilter,
  AgentFileWarning,
  AgentFormat,
  EndWhen,
} from "./agent-file.js";
export type { AgentFileErrorCode, AgentFileErrorOptions } from "./agent-file-error.js";
export { AgentFileError } from "./agent-file-error.js";
export type { CheckAgentFileOptions } from "./check-agent-file.js";
export { checkAgentFile } from "./check-agent-file.js";
export type { ModelChoice, ProviderPlan } from "./choose-provider.js";
export { chooseProvider, describeProviderPlan } from "./choose-provider.js";
export type {
  ClientConfigLocation,
  ClientId,
  ConfigPlaces,
} from "./client-config-locations.js";
export {
  CLIENT_IDS,
  CLIENT_NAMES,
  clientConfigLocations,
  isClientId,
} from "./client-config-locations.js";
export type { AdHocServerLabels } from "./command-line-servers.js";
export { splitCommandLine, withAdHocServers } from "./command-line-servers.js";
export type { ConfigPath } from "./config-path.js";
export { defaultAgent, FILESYSTEM_SERVER_COMMAND } from "./default-agent.js";
export { defaultEndWhen } from "./default-end-when.js";
export type { FoundClientConfig } from "./find-client-configs.js";
export { findClientConfigs } from "./find-client-configs.js";
export { findOnPath } from "./find-on-path.js";
export type { HostedProvider } from "./hosted-providers.js";
export { hostedProviderOfModel } from "./hosted-providers.js";
export type { HubAgentSource } from "./hub/hub-agent.js";
export { fetchHubAgent, TINY_AGENTS_DATASET } from "./hub/hub-agent.js";
export type { HubAgentId } from "./hub/hub-agent-id.js";
export { hubAgentTarget, parseHubAgentId } from "./hub/hub-agent-id.js";
export { hubAgentSourceText } from "./hub/hub-agent-text.js";
export { hubCacheDir } from "./hub/hub-cache.js";
export type { HubTrustStore } from "./hub/hub-trust-store.js";
export { hubTrustStore } from "./hub/hub-trust-store.js";
export { isHuggingFaceHost, withHuggingFaceToken } from "./hugging-face-token.js";
export type { ListedConfig } from "./list-client-configs.js";
export { listClientConfigs, listedConfigText } from "./list-client-configs.js";
export { mergeAgentFiles } from "./merge-agent-files.js";
export {
  MODEL_ENVIRONMENT_VARIABLES,
  withModelFromEnvironment,
} from "./model-from-environment.js";
export { MAX_ALIAS_COUNT, MAX_NESTING_DEPTH } from "./nesting-limit.js";
export type { ProvidedCommand } from "./provided-commands.js";
export { withProvidedCommands } from "./provided-commands.js";
export {
  HUGGING_FACE_ROUTER_PROVIDERS,
  knownProviders,
  routerOnlyProviders,
  tinyloopProviders,
  unknownProviderProblem,
} from "./provider-names.js";
export type { ReadAgentFileOptions } from "./read-agent-file.js";
export { AGENT_DIR_VARIABLE, readAgentFile } from "./read-agent-file.js";
export { MAX_CONFIG_FILE_BYTES } from "./read-config-file.js";
export { AGENT_SERVER_COMMAND, type EntryHints } from "./read-server-entry.js";
export { redactAgent, redactArgs } from "./redact-agent.js";
export { sandboxCacheFolder, serverSandboxPolicy, withSandboxChoice } from "./sandbox-choice.js";
export type { AgentFileServerEntry } from "./server-entries.js";
export { toServerEntries } from "./server-entries.js";
export { deriveServerName, uniqueNames } from "./server-names.js";
export type { SettingOverrideNames, SettingOverrideTexts } from "./setting-overrides.js";
export { readSettingOverrides } from "./setting-overrides.js";
export type { StarterAgent, WrittenStarterAgent } from "./starter-agent.js";
export { starterAgent, writeStarterAgent } from "./starter-agent.js";
export type { ReadAgentTargetOptions } from "./target/read-agent-target.js";
export { readAgentTarget } from "./target/read-agent-target.js";
export { tinyAgentsBaseUrl } from "./tiny-agents-model.js";
export type { ToolCallFormatSetting } from "./tool-call-format-setting.js";
export { TOOL_CALL_FORMAT_CHOICES } from "./tool-call-format-setting.js";
export type { InputAnswer } from "./variables.js";
export { inputVariableName } from "./variables.js";
