import type { ToolSpec } from "../types.js";

/** A tool as the OpenAI `tools` entry most chat templates print (`{"type":"function","function":{…}}`). */
export function openAIToolJson(tool: ToolSpec): string {
  return JSON.stringify({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  });
}

/** A tool as `{"name","description","parameters"}` JSON. */
export function plainToolJson(tool: ToolSpec): string {
  return JSON.stringify({
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  });
}

/** A call's arguments as JSON text (a text that is not JSON is kept as it is). */
export function argumentsJson(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? {});
}

/** The `<think>…</think>` reasoning block most open models write. */
export const thinkBlock = { kind: "reasoning", start: "<think>", end: ["</think>"] } as const;
