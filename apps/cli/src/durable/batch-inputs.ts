import { CliError } from "../cli-error.js";

/** One input of a batch: its 1-based line in the file and its prompt. */
export interface BatchInput {
  line: number;
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
 * string `prompt`. @throws CliError `USAGE` naming the file, the line and the right form.
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
      throw new CliError({
        code: "USAGE",
        message: `${file}:${line}: expected one JSON value per line, got text that is not JSON (${(error as Error).message}); example: ${EXAMPLE}`,
      });
    }
    const prompt =
      typeof value === "string" ? value : (value as { prompt?: unknown } | null)?.prompt;
    if (typeof prompt !== "string" || prompt.trim() === "") {
      throw new CliError({
        code: "USAGE",
        message: `${file}:${line}: expected a JSON string or an object with a "prompt" string, got ${kindOf(value)}; example: ${EXAMPLE}`,
      });
    }
    inputs.push({ line, prompt });
  });
  if (inputs.length === 0) {
    throw new CliError({
      code: "USAGE",
      message: `${file}: expected at least one input line, got none; example line: ${EXAMPLE}`,
    });
  }
  return inputs;
}
