export { watchAbort } from "./abort-watch.js";
export type { ParsedArguments } from "./argument-parsing.js";
export { parseToolArguments } from "./argument-parsing.js";
export type { ListenerFailure } from "./change-listeners.js";
export type {
  AudioContent,
  BlobResourceContents,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
  TextResourceContents,
  ToolErrorCode,
  ToolResult,
} from "./content.js";
export type { RegistryErrorCode, RegistryErrorOptions } from "./registry-error.js";
export { RegistryError } from "./registry-error.js";
export type { ToolNameResolution } from "./resolve-tool-name.js";
export { RESOLVED_NAME_META, resolveToolName, withResolvedName } from "./resolve-tool-name.js";
export { schemaProblems } from "./schema-problems.js";
export type { ArgumentCheck, CompiledSchema, SchemaCompilerOptions } from "./schema-validator.js";
export { SchemaCompiler } from "./schema-validator.js";
export { describeViolations } from "./schema-violations.js";
export { searchWords, splitWords } from "./search-terms.js";
export { searchTools } from "./search-tools.js";
export { suggestNames } from "./suggest-names.js";
export {
  assertValidToolName,
  isValidToolName,
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
} from "./tool-name.js";
export {
  abortedResult,
  ambiguousToolResult,
  interruptedResult,
  invalidArgumentsResult,
  stoppedResult,
  TOOL_ERROR_CODES,
  timedOutResult,
  toolErrorCode,
  toolFailedResult,
  unavailableResult,
  unknownToolResult,
} from "./tool-outcome.js";
export type { DispatchedCall, SchemaProblem, ToolRegistryOptions } from "./tool-registry.js";
export { ToolRegistry } from "./tool-registry.js";
export { errorResult, textResult } from "./tool-result.js";
export type { ToolResultTextOptions } from "./tool-result-text.js";
export { toolResultText } from "./tool-result-text.js";
export type { SearchToolsOptions, ToolSearchMatch } from "./tool-search-index.js";
export { DEFAULT_SEARCH_LIMIT, ToolSearchIndex } from "./tool-search-index.js";
export type {
  JsonSchema,
  ListFilter,
  RegisterOptions,
  RegistryChange,
  RegistryChangeType,
  ToolAnnotations,
  ToolContext,
  ToolDefinition,
  ToolHandler,
  ToolProgress,
  ToolSource,
} from "./types.js";
export { ABORTED, untilAborted } from "./until-aborted.js";
