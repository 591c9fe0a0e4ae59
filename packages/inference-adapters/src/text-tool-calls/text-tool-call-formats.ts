import {
  isTextToolCallFormat,
  TEXT_TOOL_CALL_FORMATS,
  type TextToolCallFormat,
} from "./format-names.js";
import { commandR7bFormat } from "./formats/command-r7b.js";
import { deepseekFormat } from "./formats/deepseek.js";
import { fireFunctionV2Format } from "./formats/firefunction-v2.js";
import { functionaryV31Format } from "./formats/functionary-v3-1.js";
import { functionaryV32Format } from "./formats/functionary-v3-2.js";
import { functionGemmaFormat } from "./formats/functiongemma.js";
import { gemma4Format } from "./formats/gemma4.js";
import { genericFormat } from "./formats/generic.js";
import { gptOssFormat } from "./formats/gpt-oss.js";
import { graniteFormat } from "./formats/granite.js";
import { hermesFormat } from "./formats/hermes.js";
import { kimiK2Format } from "./formats/kimi-k2.js";
import { llama3Format } from "./formats/llama3.js";
import { mistralFormat } from "./formats/mistral.js";
import { phi4MiniFormat } from "./formats/phi-4-mini.js";
import { pythonicFormat } from "./formats/pythonic.js";
import { qwen3CoderFormat } from "./formats/qwen3-coder.js";
import type { TextFormat } from "./text-format.js";

export { isTextToolCallFormat, TEXT_TOOL_CALL_FORMATS, type TextToolCallFormat };

const formats: Record<TextToolCallFormat, TextFormat> = {
  hermes: hermesFormat,
  "qwen3-coder": qwen3CoderFormat,
  llama3: llama3Format,
  pythonic: pythonicFormat,
  mistral: mistralFormat,
  deepseek: deepseekFormat,
  "gpt-oss": gptOssFormat,
  gemma4: gemma4Format,
  functiongemma: functionGemmaFormat,
  "kimi-k2": kimiK2Format,
  "command-r7b": commandR7bFormat,
  granite: graniteFormat,
  "phi-4-mini": phi4MiniFormat,
  "functionary-v3.1": functionaryV31Format,
  "functionary-v3.2": functionaryV32Format,
  "firefunction-v2": fireFunctionV2Format,
  generic: genericFormat,
};

/** The definition of a format; a `TypeError` naming the known formats for any other name. */
export function formatOf(name: TextToolCallFormat): TextFormat {
  if (!isTextToolCallFormat(name)) {
    throw new TypeError(
      `text tool-call format: expected one of ${TEXT_TOOL_CALL_FORMATS.join(", ")}, got ${JSON.stringify(name)} (example: "hermes")`,
    );
  }
  return formats[name];
}
