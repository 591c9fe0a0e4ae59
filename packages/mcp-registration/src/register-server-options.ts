import { McpRegistrationError } from "./mcp-registration-error.js";
import type { RegistrationReport } from "./registration-report.js";
import type { ToolFilter } from "./tool-filter.js";

/** Why a leftover `maxTextLength` option is refused, and what replaces it. */
export const MAX_TEXT_LENGTH_REMOVED =
  "options.maxTextLength was removed: tool output is now cut once, by @tinyloop/agent-loop (Agent option maxToolResultChars, head and tail kept). Drop the option here and pass maxToolResultChars to new Agent(…) instead.";

/** Options of `registerServer`. */
export interface RegisterServerOptions extends ToolFilter {
  /** The server's name as configured: used in tool names, the toolset and `source`. */
  server: string;
  /** First part of every tool name. Default `"mcp"`; `""` leaves it out. */
  prefix?: string;
  /** Toolset of the server's tools. Default `"mcp-<server>"`. */
  toolset?: string;
  /** Timeout of each tool call, passed to the connection. Default: the connection's own. */
  callTimeoutMs?: number;
  /** Re-sync on `tools/list_changed` and after a reconnect. Default `true`. */
  watch?: boolean;
  /**
   * Sets `deferred` on every registered tool: `false` always offers them to the model (a
   * server's `alwaysLoad`), `true` keeps them back behind the agent's `tool_search`.
   * Default: unset (the agent's `toolSearch` policy decides).
   */
  deferred?: boolean;
  /** Told after every re-sync that `watch` started (not the first registration). */
  onSync?: (report: RegistrationReport) => void;
}

/**
 * Checks `registerServer` options (also a filter passed to `setFilter`).
 * @throws McpRegistrationError `OPTIONS_INVALID` naming the option, what was given and an example.
 */
export function validateOptions(options: RegisterServerOptions): void {
  const fail = (message: string) => {
    throw new McpRegistrationError({ code: "OPTIONS_INVALID", message, server: options.server });
  };
  if (typeof options.server !== "string" || options.server === "") {
    fail(
      `registerServer: options.server: expected a non-empty string (the server's name, e.g. "github"), got ${JSON.stringify(options.server)}`,
    );
  }
  for (const key of ["include", "exclude"] as const) {
    const list = options[key];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((entry) => typeof entry === "string"))
    ) {
      fail(
        `registerServer: options.${key}: expected an array of tool names or globs (e.g. ["read_*"]), got ${JSON.stringify(list)}`,
      );
    }
  }
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    fail(
      `registerServer: options.prefix: expected a string (e.g. "mcp", or "" for none), got ${JSON.stringify(options.prefix)}`,
    );
  }
  if (
    options.toolset !== undefined &&
    (typeof options.toolset !== "string" || options.toolset === "")
  ) {
    fail(
      `registerServer: options.toolset: expected a non-empty string (e.g. "mcp-github"), got ${JSON.stringify(options.toolset)}`,
    );
  }
  if (options.deferred !== undefined && typeof options.deferred !== "boolean") {
    fail(
      `registerServer: options.deferred: expected true or false, got ${JSON.stringify(options.deferred)}`,
    );
  }
  if (
    options.callTimeoutMs !== undefined &&
    !(typeof options.callTimeoutMs === "number" && options.callTimeoutMs > 0)
  ) {
    fail(
      `registerServer: options.callTimeoutMs: expected a positive number of milliseconds (e.g. 60000), got ${JSON.stringify(options.callTimeoutMs)}`,
    );
  }
  if ((options as { maxTextLength?: unknown }).maxTextLength !== undefined) {
    fail(`registerServer: ${MAX_TEXT_LENGTH_REMOVED}`);
  }
}
