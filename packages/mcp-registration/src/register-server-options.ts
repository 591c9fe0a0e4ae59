import { describeValue } from "@tinyloop/errors";
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
  /**
   * `callMs`: the timeout of each tool call of this server, passed to the connection as the
   * call's `timeoutMs`. Default: the connection's own `timeouts.callMs`.
   */
  timeouts?: { callMs?: number };
  /** @deprecated Use `timeouts: { callMs }`; still read in this release. */
  callTimeoutMs?: number;
  /**
   * What a call made while the server reconnects does, passed on each call: `"wait"` for
   * the reconnect (up to the call's timeout) or `"fail"` at once with an error result.
   * Default: the connection's own (`connectServer`'s `whileReconnecting`, `"wait"`).
   */
  whileReconnecting?: "wait" | "fail";
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
  /**
   * Told when such a re-sync failed (listing the tools again was refused or timed out): the
   * tools registered before stay, unchanged; the failure is also added to the report's
   * warnings.
   */
  onSyncFailed?: (error: Error) => void;
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
      `registerServer: options.server: expected a non-empty string (the server's name, e.g. "github"), got ${describeValue(options.server)}`,
    );
  }
  for (const key of ["include", "exclude"] as const) {
    const list = options[key];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((entry) => typeof entry === "string"))
    ) {
      fail(
        `registerServer: options.${key}: expected a list of tool names or globs (e.g. ["read_*"]), got ${describeValue(list)}`,
      );
    }
  }
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    fail(
      `registerServer: options.prefix: expected a string (e.g. "mcp", or "" for none), got ${describeValue(options.prefix)}`,
    );
  }
  if (
    options.toolset !== undefined &&
    (typeof options.toolset !== "string" || options.toolset === "")
  ) {
    fail(
      `registerServer: options.toolset: expected a non-empty string (e.g. "mcp-github"), got ${describeValue(options.toolset)}`,
    );
  }
  if (options.deferred !== undefined && typeof options.deferred !== "boolean") {
    fail(
      `registerServer: options.deferred: expected true or false, got ${describeValue(options.deferred)}`,
    );
  }
  validateTimeouts(options, fail);
  if (
    options.whileReconnecting !== undefined &&
    options.whileReconnecting !== "wait" &&
    options.whileReconnecting !== "fail"
  ) {
    fail(
      `registerServer: options.whileReconnecting: expected "wait" or "fail", got ${describeValue(options.whileReconnecting)}`,
    );
  }
  if ((options as { maxTextLength?: unknown }).maxTextLength !== undefined) {
    fail(`registerServer: ${MAX_TEXT_LENGTH_REMOVED}`);
  }
}

function isPositive(value: unknown): boolean {
  return typeof value === "number" && value > 0;
}

/** `timeouts.callMs`, or the deprecated `callTimeoutMs` (not both). */
function validateTimeouts(options: RegisterServerOptions, fail: (message: string) => void): void {
  const { timeouts, callTimeoutMs } = options;
  if (timeouts !== undefined) {
    if (typeof timeouts !== "object" || timeouts === null || Array.isArray(timeouts)) {
      fail(
        `registerServer: options.timeouts: expected an object such as { callMs: 60000 }, got ${describeValue(timeouts)}`,
      );
    }
    const unknown = Object.keys(timeouts).filter((key) => key !== "callMs");
    if (unknown.length > 0) {
      fail(
        `registerServer: options.timeouts.${unknown[0]}: unknown key; only callMs is read here (e.g. { callMs: 60000 })`,
      );
    }
    if (timeouts.callMs !== undefined && !isPositive(timeouts.callMs)) {
      fail(
        `registerServer: options.timeouts.callMs: expected a positive number of milliseconds (e.g. 60000), got ${describeValue(timeouts.callMs)}`,
      );
    }
  }
  if (callTimeoutMs !== undefined) {
    if (!isPositive(callTimeoutMs)) {
      fail(
        `registerServer: options.callTimeoutMs: expected a positive number of milliseconds (e.g. 60000), got ${describeValue(callTimeoutMs)}`,
      );
    }
    if (timeouts?.callMs !== undefined) {
      fail(
        "registerServer: options.callTimeoutMs and options.timeouts.callMs are both set; give only timeouts.callMs (callTimeoutMs is its old name)",
      );
    }
  }
}

/** The timeout of each call of the server: `timeouts.callMs`, else the deprecated `callTimeoutMs`. */
export function callTimeoutOf(options: RegisterServerOptions): number | undefined {
  return options.timeouts?.callMs ?? options.callTimeoutMs;
}
