import type { ToolRegistry } from "@tinyloop/registry";
import { Hub } from "./hub.js";
import { assertServerRecord, validateHubOptions } from "./hub-options.js";
import type { ConnectAllOptions, McpHub } from "./hub-types.js";
import type { ServerEntry } from "./server-entry.js";
import type { ServerLoadOptions } from "./server-load-options.js";

/**
 * Connects every server of `servers` — at most `maxConcurrentStarts` starting at a time,
 * the rest in configuration order as places free — and registers each one's tools as soon
 * as it is ready (see {@link registerServer}). One server failing — bad config, missing
 * command, crash on start, timeout — is recorded and reported through `onEvent`; the
 * others carry on. Resolves once every server is ready, failed or disabled
 * (`enabled: false`), to a hub that tracks them.
 *
 * @example
 * const hub = await connectAll(
 *   { fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."], tools: { include: ["read_*"] } } },
 *   registry,
 *   { onEvent: (event) => console.error(event.type, event.server) },
 * );
 * hub.servers(); // [{ name: "fs", state: "ready", toolCount: 3, lastError: undefined }]
 * await hub.close();
 */
export async function connectAll(
  servers: Record<string, (ServerEntry & ServerLoadOptions) | unknown>,
  registry: ToolRegistry,
  options: ConnectAllOptions = {},
): Promise<McpHub> {
  assertServerRecord(servers, "connectAll");
  validateHubOptions(options);
  const hub = new Hub(registry, options);
  await hub.start(servers);
  return hub;
}
