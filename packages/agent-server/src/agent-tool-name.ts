import { expectedGot } from "@tinyloop/errors";
import { TOOL_NAME_PATTERN } from "@tinyloop/registry";

/** How a program names its tool-name setting in the text of a bad one. */
export interface AgentToolNameHints {
  /** The setting's name. Default `toolName`. */
  setting?: string;
  /** An example of a good one. Default `toolName: "ask_researcher"`. */
  example?: string;
}

/**
 * What is wrong with the name an agent's MCP tool is offered under (`createAgentMcpServer`'s
 * `toolName`), or `undefined` when it is fine (or not given): 1–64 letters, digits, `_` or
 * `-`, the registry's name rule. A program checks its own setting with it before anything
 * starts, `createAgentMcpServer` checks its option with it.
 *
 * @example
 * const problem = agentToolNameProblem(flags.toolName, { setting: "--tool-name", example: "--tool-name ask_researcher" });
 * if (problem) throw new Error(problem);
 */
export function agentToolNameProblem(
  toolName: unknown,
  hints: AgentToolNameHints = {},
): string | undefined {
  if (toolName === undefined) return undefined;
  if (typeof toolName === "string" && TOOL_NAME_PATTERN.test(toolName)) return undefined;
  return expectedGot({
    path: hints.setting ?? "toolName",
    expected: "1–64 letters, digits, _ or - (the name MCP clients and models accept)",
    got: toolName,
    example: hints.example ?? 'toolName: "ask_researcher"',
  });
}
