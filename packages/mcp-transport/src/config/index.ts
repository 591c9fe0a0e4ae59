// `@tinyloop/mcp-transport/config`: reading and checking server configs, with none of the
// connection code (no MCP SDK, no Ajv). A bundler that splits by file (esbuild) would
// otherwise put the whole client into every chunk that only reads a config file, such as
// the CLI's `config check`. The root entry exports all of this too.

export { redactUrl, redactUrlsInText } from "@tinyloop/errors";
export type {
  HttpServerConfig,
  OAuthConfig,
  ReconnectConfig,
  SandboxConfig,
  ServerConfig,
  SseServerConfig,
  StdioServerConfig,
  TimeoutsConfig,
} from "../config-schema.js";
export { isStdioConfig } from "../config-schema.js";
export {
  httpServerConfigSchema,
  oauthConfigSchema,
  reconnectSchema,
  sandboxConfigSchema,
  serverConfigSchema,
  sseServerConfigSchema,
  stdioServerConfigSchema,
  timeoutsSchema,
} from "../config-schema-constants.js";
export type { McpTransportErrorCode, McpTransportErrorOptions } from "../errors.js";
export { McpTransportError } from "../errors.js";
export type { ExpandedText } from "../expand-variables.js";
export { expandVariables, listVariables } from "../expand-variables.js";
export { parseServerConfig } from "../parse-server-config.js";
export { HOST_PRESETS, SECRET_PLACES } from "../sandbox/sandbox-places.js";
export type { SandboxPlaces, SandboxPolicy } from "../sandbox/sandbox-policy.js";
export { sandboxPolicyFor } from "../sandbox/sandbox-policy.js";
export type { Redact, SecretSources } from "../secret-redactor.js";
export { configSecrets, maskSecrets, OAUTH_SECRET_KEYS } from "../secret-redactor.js";
