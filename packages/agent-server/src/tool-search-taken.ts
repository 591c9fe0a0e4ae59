import { toolSearchNameTakenBy } from "@tinyloop/agent-loop";
import { ApiError } from "./api-error.js";
import { inParentheses } from "./server-hints.js";
import type { ResolvedServerOptions } from "./server-options.js";

/**
 * The answer to a completion when a tool named `tool_search` joined the registry after
 * `createAgentServer` (which refuses one at creation): a 500 `tool_search_taken` that names
 * the toolset and both fixes, with `x-should-retry: false`, since OpenAI's SDKs retry a 500
 * and every retry fails the same way until the server's tools change. Undefined while the
 * name is free for the agent's own search (always, with `toolSearch: "never"`).
 */
export function toolSearchTakenError(options: ResolvedServerOptions): ApiError | undefined {
  const mode = options.toolSearch ?? "auto";
  const taken = toolSearchNameTakenBy(options.registry, mode);
  if (taken === undefined) return undefined;
  return new ApiError({
    status: 500,
    type: "server_error",
    code: "tool_search_taken",
    message: `This server's tools now include one named "${taken.name}" (toolset "${taken.toolset}"), registered after the server started; with toolSearch "${mode}" the agent needs that name for its own search, so no request can run. The server's operator must rename that tool, or restart the server with toolSearch: "never"${inParentheses(options.hints?.toolSearchNever)}.`,
    headers: { "x-should-retry": "false" },
  });
}
