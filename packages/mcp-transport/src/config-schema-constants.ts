import { configSchemas } from "./config-schema.js";

// The package's exported zod schemas, built from the lazy ones in config-schema.ts. Each
// call is marked pure so that a bundle that never names a constant drops it, and with it
// the building (the CLI reads configs through parseServerConfig, which builds only the
// variant it meets). A program that imports the package unbundled builds them at import.

/** `timeouts`: how long to wait for things, in milliseconds. */
export const timeoutsSchema = /* @__PURE__ */ configSchemas.timeouts();
/** `reconnect`: how hard to try to (re)connect. */
export const reconnectSchema = /* @__PURE__ */ configSchemas.reconnect();
/** `oauth`: how to log in to an HTTP server that asks for OAuth. */
export const oauthConfigSchema = /* @__PURE__ */ configSchemas.oauth();
/** `sandbox` of a stdio server: `true`, or what it may read, write and reach. */
export const sandboxConfigSchema = /* @__PURE__ */ configSchemas.sandbox();
/** A server started as a child process speaking MCP over stdin/stdout. */
export const stdioServerConfigSchema = /* @__PURE__ */ configSchemas.stdio();
/** A Streamable HTTP server (falls back to legacy SSE on a 4xx when `type` is omitted). */
export const httpServerConfigSchema = /* @__PURE__ */ configSchemas.http();
/** A legacy HTTP+SSE server (protocol 2024-11-05). */
export const sseServerConfigSchema = /* @__PURE__ */ configSchemas.sse();
/** Any server config; prefer `parseServerConfig`, which reports errors by path. */
export const serverConfigSchema = /* @__PURE__ */ configSchemas.server();
