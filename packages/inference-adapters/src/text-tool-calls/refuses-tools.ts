import { InferenceError } from "../inference-error.js";

const namesTools =
  /does not support tools|tools? (?:are |is )?not supported|tool[ _-]?(?:use|calls?|calling|choice)|function[ _-]?call|\btools\b/i;

/**
 * Whether a failed request was the server refusing native tools: a 4xx (not auth, not 404,
 * not 429) whose text names tools or function calling — Ollama's `400 … does not support
 * tools`, vLLM's `"auto" tool choice requires --enable-auto-tool-choice`, and the like.
 */
export function refusesTools(error: unknown): boolean {
  if (!InferenceError.isInstance(error) || error.code !== "BAD_REQUEST") return false;
  const said = error.message.split("The server said:")[1] ?? "";
  return namesTools.test(said);
}
