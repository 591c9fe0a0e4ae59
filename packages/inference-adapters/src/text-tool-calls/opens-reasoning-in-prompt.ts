/**
 * Models whose chat template ends the prompt with `<think>`, so that the completion starts
 * inside the reasoning and holds only its closing `</think>`: DeepSeek-R1 (and its
 * distills, R1-0528), Qwen3's `-Thinking-2507` models and QwQ. Read by the model id, as
 * the servers name them (`deepseek-r1:8b`, `Qwen/Qwen3-30B-A3B-Thinking-2507`, `qwq:32b`).
 */
export function opensReasoningInPrompt(modelId: string): boolean {
  return /deepseek[-_]?r1|thinking-2507|(^|[^a-z])qwq/i.test(modelId);
}
