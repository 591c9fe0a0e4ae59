import type { ToolSpec } from "../types.js";
import { normalizeToolSchema } from "./normalize-tool-schema.js";

/** One entry of the `tools` list of an Anthropic Messages request. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/**
 * Converts tool specs to Anthropic Messages `tools`. Schemas go through
 * {@link normalizeToolSchema} (Anthropic requires an object root without top-level
 * `anyOf`/`oneOf`/`allOf`). Pure, so callers can cache the result per registry version.
 */
export function toAnthropicTools(specs: readonly ToolSpec[]): AnthropicTool[] {
  return specs.map((spec) => ({
    name: spec.name,
    description: spec.description,
    input_schema: normalizeToolSchema(spec.inputSchema),
  }));
}
