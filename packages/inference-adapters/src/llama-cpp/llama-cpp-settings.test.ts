import { describe, expect, it } from "vitest";
import { InferenceError } from "../inference-error.js";
import { createLlamaCpp } from "./create-llama-cpp.js";
import type { LlamaCppSettings } from "./llama-cpp-settings.js";

function failure(settings: unknown): InferenceError {
  try {
    createLlamaCpp(settings as LlamaCppSettings);
  } catch (error) {
    if (InferenceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`createLlamaCpp accepted ${JSON.stringify(settings)}`);
}

describe("createLlamaCpp settings", () => {
  it("rejects bad settings at once with CONFIG_INVALID, naming the setting and an example", () => {
    const cases: [unknown, string][] = [
      [
        { model: "" },
        "model: expected a .gguf file path or an hf:<owner>/<repo>/<file>.gguf URI, got an empty string",
      ],
      [
        {},
        "model: expected a .gguf file path or an hf:<owner>/<repo>/<file>.gguf URI, got nothing",
      ],
      [
        { model: "m.gguf", contextSize: 0 },
        "contextSize: expected a whole number more than 0, got a number (0) (example: { contextSize: 4096 })",
      ],
      [
        { model: "m.gguf", threads: 1.5 },
        "threads: expected a whole number more than 0, got a number (1.5) (example: { threads: 4 })",
      ],
      [
        { model: "m.gguf", gpu: "cuda" },
        'gpu: expected "auto" or false (CPU only), got a string ("cuda")',
      ],
      [
        { model: "m.gguf", temperature: -1 },
        "temperature: expected a number of 0 or more, got a number (-1)",
      ],
    ];
    for (const [settings, message] of cases) {
      const error = failure(settings);
      expect(error.code).toBe("CONFIG_INVALID");
      expect(error.provider).toBe("local");
      expect(error.message).toContain(message);
    }
  });

  it("accepts good settings without loading anything", () => {
    const model = createLlamaCpp({
      model: "hf:owner/repo/file.gguf",
      contextSize: 1024,
      threads: 2,
      gpu: false,
      temperature: 0,
    });
    expect(model).toMatchObject({ provider: "local", modelId: "hf:owner/repo/file.gguf" });
    expect(model.details).toBeUndefined();
  });
});
