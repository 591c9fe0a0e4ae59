import { describe, expect, it } from "vitest";
import { parseBatchInputs } from "./batch-inputs.js";
import type { DurableError } from "./durable-error.js";

const problem = (text: string) => {
  try {
    parseBatchInputs(text, "in.jsonl");
  } catch (error) {
    expect((error as DurableError).code).toBe("BATCH_INPUTS_INVALID");
    return (error as Error).message;
  }
  throw new Error("expected parseBatchInputs to throw");
};

describe("parseBatchInputs", () => {
  it("takes strings and {prompt} objects, skips blank lines, keeps line numbers", () => {
    expect(parseBatchInputs('"one"\n\n{"prompt": "two", "id": 7}\n', "in.jsonl")).toEqual([
      { key: 1, prompt: "one" },
      { key: 3, prompt: "two" },
    ]);
  });

  it("names the file, the line and the right form", () => {
    expect(problem('"ok"\n{"prompt": 3}')).toBe(
      'in.jsonl:2: expected a JSON string or an object with a "prompt" string, got an object without a prompt string; example: {"prompt": "Triage issue 42"}',
    );
    expect(problem("42")).toMatch(/^in\.jsonl:1: .*, got a number; example/);
    expect(problem("not json")).toMatch(
      /^in\.jsonl:1: expected one JSON value per line, got text that is not JSON/,
    );
    expect(problem("\n\n")).toBe(
      'in.jsonl: expected at least one input line, got none; example line: {"prompt": "Triage issue 42"}',
    );
  });
});
