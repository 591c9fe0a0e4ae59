import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describeValue } from "@tinyloop/errors";
import { localFailureResponse } from "./local-failure.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A response the SDK would drop as an "unknown message type" (a `result` that is not an
 * object, an `error` without a numeric code, neither of them), leaving its request waiting
 * for the whole timeout, becomes a made-up error response for the same id, so the request
 * fails at once and says why. Everything else passes unchanged.
 */
export function guardResponse(server: string, message: JSONRPCMessage): JSONRPCMessage {
  const raw = message as Record<string, unknown>;
  if ("method" in raw || !("id" in raw)) return message;
  const id = raw.id;
  if (typeof id !== "string" && typeof id !== "number") return message;
  if ("result" in raw && isObject(raw.result)) return message;
  if (
    !("result" in raw) &&
    isObject(raw.error) &&
    typeof raw.error.code === "number" &&
    typeof raw.error.message === "string"
  )
    return message;
  const what =
    "result" in raw
      ? `its "result" is ${describeValue(raw.result)}, not an object`
      : "error" in raw
        ? `its "error" is not { code: number, message: string }`
        : `it has neither "result" nor "error"`;
  return localFailureResponse(
    id,
    `Server "${server}" sent a malformed response (${what}); it was not used.`,
  );
}
