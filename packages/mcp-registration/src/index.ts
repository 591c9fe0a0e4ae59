/** The registry's {@link MAX_TOOL_NAME_LENGTH}, re-exported where names are made to fit it. */
export { MAX_TOOL_NAME_LENGTH } from "@tinyloop/registry";
export { connectAll } from "./connect-all.js";
export type {
  ConnectAllOptions,
  ConnectFunction,
  HubEvent,
  McpHub,
  ReloadSummary,
  ServerStatus,
} from "./hub-types.js";
export type { NormalizedInputSchema } from "./input-schema.js";
export { normalizeInputSchema } from "./input-schema.js";
export type { CachedManifest, ManifestCacheOptions, ManifestMiss } from "./manifest-cache.js";
export {
  DEFAULT_MANIFEST_MAX_AGE_MS,
  defaultManifestCacheDir,
  ManifestCache,
} from "./manifest-cache.js";
export { manifestKey } from "./manifest-key.js";
export type { McpRegistrationErrorCode } from "./mcp-registration-error.js";
export { McpRegistrationError } from "./mcp-registration-error.js";
export { baseToolName, sanitizeNamePart } from "./provider-safe-name.js";
export type {
  RegisterServerOptions,
  RegistrationReport,
  ServerRegistration,
  SkipReason,
} from "./register-server.js";
export { registerServer } from "./register-server.js";
export { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, schemaTooLarge } from "./schema-bounds.js";
export type { McpToolDescription, ServerConnection } from "./server-connection.js";
export type { ParsedServerEntry, ServerEntry } from "./server-entry.js";
export { parseServerEntry } from "./server-entry.js";
export type { ServerLoadOptions } from "./server-load-options.js";
export { splitLoadOptions } from "./server-load-options.js";
export type { ServerPhase, ServerState } from "./server-state.js";
export { isServerUsable, SERVER_PHASES, SERVER_STATES } from "./server-state.js";
export type { TrackedServer } from "./server-state-tracker.js";
export { ServerStateTracker, stateAfter } from "./server-state-tracker.js";
export type { FilterOutcome, FilterSkipReason, ToolFilter } from "./tool-filter.js";
export { filterToolNames } from "./tool-filter.js";
export type { McpToolCallResult, ToToolResultOptions } from "./tool-result.js";
export { toToolResult } from "./tool-result.js";
