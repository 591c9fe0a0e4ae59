import type { ToolResult } from "../content.js";
import type { ToolDefinition, ToolHandler } from "../types.js";

/** A definition named `name` in `toolset`, accepting any object unless `extra` says otherwise. */
export function tool(
  name: string,
  toolset = "builtin",
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name,
    description: `The ${name} tool`,
    inputSchema: { type: "object" },
    toolset,
    ...extra,
  };
}

/** A handler that answers its arguments as JSON text. */
export const echo: ToolHandler = (args) => JSON.stringify(args);

/** The text of a result, other blocks shown as `[type]`. */
export function textOf(result: ToolResult): string {
  return result.content
    .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
    .join("");
}

/** A tool with a strict schema: `path` (string, required) and `limit` (integer >= 1). */
export const readFile = tool("read_file", "builtin", {
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["path"],
    additionalProperties: false,
  },
});
