import type { ToolDefinition } from "@tinyloop/registry";

/** More tools than this offered on every request is a warning (most models choose worse). */
export const MANY_TOOLS = 500;
/** More bytes of tool definitions than this per request is a warning. */
export const LARGE_TOOL_BYTES = 1024 * 1024;

/**
 * A warning when the tools the model would be offered on every request are too many
 * (more than {@link MANY_TOOLS}) or too large (over {@link LARGE_TOOL_BYTES} of names,
 * descriptions and schemas), saying how to narrow them; undefined when they are fine.
 * Pass only the tools really offered (the agent's `offeredTools`): those kept back behind
 * `tool_search` are not sent and cost nothing. `listCommand` names how the person lists the
 * tools with their names (a CLI's own command), to choose what to keep.
 */
export function toolLoadWarning(
  tools: readonly ToolDefinition[],
  { listCommand }: { listCommand?: string } = {},
): string | undefined {
  let bytes = 0;
  for (const tool of tools) {
    bytes += Buffer.byteLength(
      JSON.stringify({
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
      }),
    );
  }
  if (tools.length <= MANY_TOOLS && bytes <= LARGE_TOOL_BYTES) return undefined;
  const size = `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `warning: ${tools.length} tools (${size} of definitions) will be sent to the model with every request; past ~${MANY_TOOLS} tools or 1 MB models pick tools worse, and requests get slow and costly. Keep only what the task needs with "tools": { "include": ["read_*"] } or "exclude" on each server in the agent file${listCommand ? ` (see ${listCommand})` : ""}.`;
}
