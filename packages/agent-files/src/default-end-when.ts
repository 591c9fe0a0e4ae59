import type { AgentFormat, EndWhen } from "./agent-file.js";

/**
 * When a run of an agent read from a `format` file ends, if the file does not say:
 * tiny-agents' `agent.json` files were written for Tiny Agents' loop, which goes on until
 * two answers without tool calls come in a row; every other file keeps the first answer.
 */
export function defaultEndWhen(format: AgentFormat): EndWhen {
  return format === "tiny-agents" ? "two-texts" : "text";
}
