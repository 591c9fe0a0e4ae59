import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

/** Marks an error response made up on this side (`error.data`), never sent by a server. */
const LOCAL_MARK = "tinyloop/unanswerable";

/**
 * A JSON-RPC error response for request `id`, made up by the client when the server's real
 * answer can never be read (a line over the size limit, a malformed response). Delivering
 * it settles the waiting request at once instead of after its whole timeout.
 */
export function localFailureResponse(id: string | number, message: string): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    error: { code: -32603, message, data: { [LOCAL_MARK]: true } },
  } as JSONRPCMessage;
}

/** The message of a made-up failure response, or undefined for anything else. */
export function localFailureMessage(error: unknown): string | undefined {
  if (!(error instanceof McpError)) return undefined;
  const data = error.data as Record<string, unknown> | undefined;
  if (data?.[LOCAL_MARK] !== true) return undefined;
  return error.message.replace(/^MCP error -?\d+: /, "");
}
