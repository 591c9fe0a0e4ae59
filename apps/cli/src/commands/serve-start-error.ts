import { AgentServerError } from "@tinyloop/agent-server";
import { CliError } from "../cli-error.js";

/**
 * What `serve` throws for an error of `createAgentServer` / `listen`: the agent server's
 * setup errors become a `CliError` (exit 2: the flags the user gave), but `TOOL_SEARCH_TAKEN`
 * is the agent's tools against `--tool-search`, which `run` reports with exit 1 (agent-loop's
 * error): it is thrown as it is, and the CLI prints its message on one line, exit 1, no stack.
 * Anything else is thrown unchanged.
 */
export function serveStartError(error: unknown): unknown {
  if (!AgentServerError.isInstance(error) || error.code === "TOOL_SEARCH_TAKEN") return error;
  return new CliError({ code: "USAGE", message: error.message, cause: error });
}
