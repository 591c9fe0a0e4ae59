// The names alone: the text-tool-calls entry would bring every format's parser into config readers.
import { TEXT_TOOL_CALL_FORMATS } from "@tinyloop/inference-adapters/presets";

/**
 * What `toolCallFormat` may say: `auto` (native tools, falling back to text calls when the
 * server refuses them), `native`, or one of inference-adapters' text tool-call formats.
 */
export const TOOL_CALL_FORMAT_CHOICES = Object.freeze([
  "auto",
  "native",
  ...TEXT_TOOL_CALL_FORMATS,
] as const);

/** One of {@link TOOL_CALL_FORMAT_CHOICES}. */
export type ToolCallFormatSetting = (typeof TOOL_CALL_FORMAT_CHOICES)[number];

/** Whether `value` is one of {@link TOOL_CALL_FORMAT_CHOICES}: the one rule for files and overrides. */
export function isToolCallFormat(value: unknown): value is ToolCallFormatSetting {
  return (TOOL_CALL_FORMAT_CHOICES as readonly unknown[]).includes(value);
}
