import type { TextToolCallFormat } from "../../text-tool-call-formats.js";
import { deepseekCases } from "./deepseek.js";
import type { EngineCall, EngineCase } from "./engine-case.js";
import { functionaryV31Cases } from "./functionary-v3-1.js";
import { functionGemmaCases } from "./functiongemma.js";
import { gemma4Cases } from "./gemma4.js";
import { graniteCases } from "./granite.js";
import { hermesCases } from "./hermes.js";
import { kimiK2Cases } from "./kimi-k2.js";
import { llama3Cases } from "./llama3.js";
import { mistralCases } from "./mistral.js";
import { pythonicCases } from "./pythonic.js";
import { qwen3CoderCases } from "./qwen3-coder.js";

export type { EngineCall, EngineCase };

/**
 * Real model outputs from the parser tests of llama.cpp, vLLM, SGLang and Ollama, with what
 * the engine asserts, grouped by tinyloop's format names. Each case names its source.
 */
export const engineCases: Partial<Record<TextToolCallFormat, EngineCase[]>> = {
  gemma4: gemma4Cases,
  "kimi-k2": kimiK2Cases,
  llama3: llama3Cases,
  hermes: hermesCases,
  mistral: mistralCases,
  "qwen3-coder": qwen3CoderCases,
  granite: graniteCases,
  pythonic: pythonicCases,
  deepseek: deepseekCases,
  functiongemma: functionGemmaCases,
  "functionary-v3.1": functionaryV31Cases,
};
