import type { TextToolCallFormat } from "./text-tool-call-formats.js";

// Most specific first: "qwen3-coder" before "qwen", "functiongemma" before "gemma".
const byModelName: readonly [RegExp, TextToolCallFormat][] = [
  [/functiongemma/, "functiongemma"],
  [/gemma-?4/, "gemma4"],
  [/gemma/, "pythonic"],
  [/qwen3-?coder/, "qwen3-coder"],
  [/qwen|qwq|hermes/, "hermes"],
  [/functionary.*v?3[.-]?1/, "functionary-v3.1"],
  [/functionary/, "functionary-v3.2"],
  [/firefunction/, "firefunction-v2"],
  [/llama-?4|lfm-?2/, "pythonic"],
  [/llama/, "llama3"],
  [/mistral|mixtral|ministral|magistral|devstral|codestral/, "mistral"],
  [/deepseek/, "deepseek"],
  [/gpt-oss/, "gpt-oss"],
  [/kimi/, "kimi-k2"],
  [/command-?r/, "command-r7b"],
  [/granite/, "granite"],
  [/phi-?4/, "phi-4-mini"],
];

/**
 * The text format a model family writes, guessed from its id (`gemma3:4b` → `pythonic`,
 * `qwen2.5:7b` → `hermes`, `deepseek-r1` → `deepseek`…); undefined when the name says nothing.
 */
export function toolCallFormatForModel(modelId: string): TextToolCallFormat | undefined {
  const name = modelId.toLowerCase();
  return byModelName.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * Call markers distinctive enough to tell, inside a native answer, that the model wrote
 * its call as text (bare JSON and Python lists are not: they look like answers).
 */
export const TELLTALE_MARKERS: readonly { start: string; format: TextToolCallFormat }[] = [
  { start: "<tool_call>\n<function=", format: "qwen3-coder" },
  { start: "<tool_call>", format: "hermes" },
  { start: "[TOOL_CALLS]", format: "mistral" },
  { start: "<|python_tag|>", format: "llama3" },
  { start: "<｜tool▁calls▁begin｜>", format: "deepseek" },
  { start: "<｜DSML｜function_calls>", format: "deepseek" },
  { start: "<｜DSML｜tool_calls>", format: "deepseek" },
  { start: "<|channel|>commentary to=", format: "gpt-oss" },
  { start: "<|tool_call>", format: "gemma4" },
  { start: "<start_function_call>", format: "functiongemma" },
  { start: "<|tool_calls_section_begin|>", format: "kimi-k2" },
  { start: "<|START_ACTION|>", format: "command-r7b" },
  { start: "<|tool_call|>", format: "granite" },
  { start: "functools[", format: "phi-4-mini" },
  { start: "<function=", format: "functionary-v3.1" },
  { start: "<|python_start|>", format: "pythonic" },
];
