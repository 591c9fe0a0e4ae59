import type { WhileReconnecting } from "./connection-types.js";
import { McpTransportError } from "./errors.js";

/**
 * Checks a `whileReconnecting` option (plain JavaScript callers can pass anything).
 * @throws McpTransportError `CONFIG_INVALID` naming where it was given, what it got and the choices.
 */
export function checkWhileReconnecting(
  value: unknown,
  where: string,
  server: string,
): WhileReconnecting | undefined {
  if (value === undefined || value === "wait" || value === "fail") return value;
  throw new McpTransportError({
    code: "CONFIG_INVALID",
    server,
    message: `${where}.whileReconnecting: expected "wait" or "fail", got ${JSON.stringify(value) ?? String(value)} (example: whileReconnecting: "fail")`,
  });
}
