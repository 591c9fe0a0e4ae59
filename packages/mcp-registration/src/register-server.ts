import type { ToolRegistry } from "@tinyloop/registry";
import { type RegisterServerOptions, validateOptions } from "./register-server-options.js";
import { Registration } from "./registration.js";
import type { ServerRegistration } from "./registration-report.js";
import type { ServerConnection } from "./server-connection.js";

export type { RegisterServerOptions } from "./register-server-options.js";
export type {
  RegistrationReport,
  ServerRegistration,
  SkipReason,
} from "./registration-report.js";

/**
 * Discovers every tool of a connected MCP server, filters them (`include` / `exclude`),
 * names them `mcp_<server>_<tool>` (provider-safe, at most 64 characters, collisions
 * renamed rather than replaced) and registers them in toolset `mcp-<server>`. Built-in
 * tools win over MCP tools of the same name. Unless `watch: false`, the registry is kept
 * true afterwards: on `tools/list_changed` and after a reconnect the tools are re-listed,
 * new ones registered, removed ones unregistered and changed ones replaced.
 *
 * Throws {@link McpRegistrationError} `OPTIONS_INVALID` for bad options only; a server
 * that cannot list its tools gives a report with a warning and no tools.
 *
 * @example
 * const connection = await connectServer("fs", { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] });
 * const registration = await registerServer(registry, connection, { server: "fs", include: ["read_*"] });
 * registration.registered; // [{ name: "mcp_fs_read_file", tool: "read_file" }, …]
 */
export async function registerServer(
  registry: ToolRegistry,
  connection: ServerConnection,
  options: RegisterServerOptions,
): Promise<ServerRegistration> {
  validateOptions(options);
  const registration = new Registration(registry, connection, options);
  await registration.sync();
  return {
    server: registration.server,
    toolset: registration.toolset,
    get registered() {
      return registration.report().registered;
    },
    get skipped() {
      return registration.report().skipped;
    },
    get warnings() {
      return registration.report().warnings;
    },
    report: () => registration.report(),
    sync: () => registration.sync(),
    setFilter: (filter) => registration.setFilter(filter),
    toolOf: (name) => registration.toolOf(name),
    syncsSettled: () => registration.syncsSettled(),
    close: () => registration.close(),
  };
}
