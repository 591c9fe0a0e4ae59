import type { ToolFormatSwitch } from "@tinyloop/inference-adapters/text-tool-calls";

/** The switch as one line for a person (`--verbose`), without the newline. */
export function toolFormatLine(change: ToolFormatSwitch): string {
  const why =
    change.reason === "tools-refused"
      ? "the model's server refused native tools"
      : `the model wrote a tool call as text (${change.detail})`;
  return `tool calls: ${why}; from now on they are written in the ${change.format} text format`;
}
