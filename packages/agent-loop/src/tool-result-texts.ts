import type { ToolResult } from "@tinyloop/registry";

// The agent's own outcomes: approval is the loop's business, not the registry's. Every
// other failure (unknown tool, bad arguments, a throw, timeout, abort) is the registry's
// outcome, built with its exported builders so each has one code and one text.

/**
 * Result of a call the `approve` hook refused: the hook's own reason as it wrote it (the
 * hook knows whether a person said no or nobody could be asked), else "denied by the user".
 */
export function deniedResult(reason?: string): ToolResult {
  const text = reason || "denied by the user";
  return { content: [{ type: "text", text }], isError: true };
}

/** Result of a call whose `approve` hook threw: the call did not run. */
export function approvalFailedResult(error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    content: [{ type: "text", text: `Asking for approval failed: ${message}` }],
    isError: true,
  };
}

/**
 * A result of a call that ran with arguments the person changed when approving it: a first
 * text block says so and gives them, so the model does not assume its own arguments ran.
 */
export function withChangedArguments(result: ToolResult, argumentsJson: string): ToolResult {
  const text = `The person approving this call changed its arguments; it ran with ${argumentsJson}`;
  return { ...result, content: [{ type: "text", text }, ...result.content] };
}
