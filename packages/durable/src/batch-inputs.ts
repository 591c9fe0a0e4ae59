import { DurableError } from "./durable-error.js";

/** One input of a batch: its prompt, and a key naming it in the batch (unique there). */
export interface BatchInput {
  /** Names the input in its batch and in its run's id: a JSONL file's line number, say. */
  key: number | string;
  prompt: string;
}

const EXAMPLE = '{"prompt": "Triage issue 42"}';

const kindOf = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "an array"
      : typeof value === "object"
        ? "an object without a prompt string"
        : `a ${typeof value}`;

/**
 * The inputs of a JSONL file: one run per non-empty line, a JSON string or an object with a
 * string `prompt`; each input's key is its 1-based line number. `file` names the file in
 * errors. @throws DurableError `BATCH_INPUTS_INVALID` naming the file, the line and the
 * right form.
 */
export function parseBatchInputs(text: string, file: string): BatchInput[] {
  const inputs: BatchInput[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new DurableError({
        code: "BATCH_INPUTS_INVALID",
        message: `${file}:${line}: expected one JSON value per line, got text that is not JSON (${(error as Error).message}); example: ${EXAMPLE}`,
      });
    }
    const prompt =
      typeof value === "string" ? value : (value as { prompt?: unknown } | null)?.prompt;
    if (typeof prompt !== "string" || prompt.trim() === "") {
      throw new DurableError({
        code: "BATCH_INPUTS_INVALID",
        message: `${file}:${line}: expected a JSON string or an object with a "prompt" string, got ${kindOf(value)}; example: ${EXAMPLE}`,
      });
    }
    inputs.push({ key: line, prompt });
  });
  if (inputs.length === 0) {
    throw new DurableError({
      code: "BATCH_INPUTS_INVALID",
      message: `${file}: expected at least one input line, got none; example line: ${EXAMPLE}`,
    });
  }
  return inputs;
}
