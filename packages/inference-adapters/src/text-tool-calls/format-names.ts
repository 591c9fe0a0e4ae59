// The format names alone (no parser code), for config readers that only validate a name.
/** The names of the text tool-call formats, one per model family (see the README for each one's markers). */
export const TEXT_TOOL_CALL_FORMATS = Object.freeze([
  "hermes",
  "qwen3-coder",
  "llama3",
  "pythonic",
  "mistral",
  "deepseek",
  "gpt-oss",
  "gemma4",
  "functiongemma",
  "kimi-k2",
  "command-r7b",
  "granite",
  "phi-4-mini",
  "functionary-v3.1",
  "functionary-v3.2",
  "firefunction-v2",
  "generic",
] as const);

/** One of {@link TEXT_TOOL_CALL_FORMATS}. */
export type TextToolCallFormat = (typeof TEXT_TOOL_CALL_FORMATS)[number];

/** True when `name` is one of {@link TEXT_TOOL_CALL_FORMATS}. */
export function isTextToolCallFormat(name: unknown): name is TextToolCallFormat {
  return typeof name === "string" && (TEXT_TOOL_CALL_FORMATS as readonly string[]).includes(name);
}
