import { describeValue } from "@tinyloop/errors";
import type { ConnectAllOptions } from "./hub-types.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import { MAX_TEXT_LENGTH_REMOVED } from "./register-server-options.js";

/**
 * Checks `connectAll` options.
 * @throws McpRegistrationError `OPTIONS_INVALID` naming the option, what was given and an example.
 */
export function validateHubOptions(options: ConnectAllOptions): void {
  const fail = (message: string) => {
    throw new McpRegistrationError({ code: "OPTIONS_INVALID", message: `connectAll: ${message}` });
  };
  const positive = (value: unknown) => Number.isInteger(value) && (value as number) > 0;
  if ((options as { maxTextLength?: unknown }).maxTextLength !== undefined) {
    fail(MAX_TEXT_LENGTH_REMOVED);
  }
  if (options.shutdownTimeoutMs !== undefined && !positive(options.shutdownTimeoutMs)) {
    fail(
      `options.shutdownTimeoutMs: expected a positive integer of milliseconds (e.g. 12000), got ${describeValue(options.shutdownTimeoutMs)}`,
    );
  }
  if (options.maxConcurrentStarts !== undefined && !positive(options.maxConcurrentStarts)) {
    fail(
      `options.maxConcurrentStarts: expected a positive whole number of servers (e.g. 4), got ${JSON.stringify(options.maxConcurrentStarts)}`,
    );
  }
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    fail(
      `options.prefix: expected a string (e.g. "mcp", or "" for none), got ${describeValue(options.prefix)}`,
    );
  }
}

/**
 * Checks that `servers` is a record of named server configs.
 * @throws McpRegistrationError `CONFIG_INVALID` naming `where` (`connectAll` or `reload`) and an example.
 */
export function assertServerRecord(
  servers: unknown,
  where: string,
): asserts servers is Record<string, unknown> {
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    throw new McpRegistrationError({
      code: "CONFIG_INVALID",
      message: `${where}: expected a record of named server configs like { "fs": { "command": "npx", "args": [...] } }, got ${describeValue(servers)}`,
    });
  }
}
