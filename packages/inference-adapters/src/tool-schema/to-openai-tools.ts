import type { ToolSpec } from "../types.js";
import { normalizeToolSchema } from "./normalize-tool-schema.js";

/** One entry of the `tools` list of an OpenAI chat-completions request. */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * Converts tool specs to OpenAI chat-completions `tools` (also used by every
 * OpenAI-compatible server). Schemas go through {@link normalizeToolSchema}; nothing else
 * is dropped, because non-strict function calling accepts the rest of JSON Schema. Pure, so
 * callers can cache the result per registry version.
 */
export function toOpenAITools(specs: readonly ToolSpec[]): OpenAITool[] {
  return specs.map((spec) => ({
    type: "function",
    function: {
      name: spec.name,
      description: spec.description,
      parameters: normalizeToolSchema(spec.inputSchema),
    },
  }));
}
