import { describe, expect, it } from "vitest";
import { readReasoningSetting, readReasoningText } from "./read-reasoning-setting.js";

describe("readReasoningSetting", () => {
  it("reads an effort or a budget", () => {
    expect(readReasoningSetting({ effort: "low" }, "r")).toEqual({ setting: { effort: "low" } });
    expect(readReasoningSetting({ budgetTokens: 4096 }, "r")).toEqual({
      setting: { budgetTokens: 4096 },
    });
  });

  it("names the path, what was expected, what came and the right form", () => {
    expect(readReasoningSetting("high", "model.reasoning")).toEqual({
      error:
        'model.reasoning: expected an object, got a string ("high") (example: { "effort": "medium" } or { "budgetTokens": 4096 })',
    });
    expect(readReasoningSetting({ effort: "low", budgetTokens: 5 }, "r")).toEqual({
      error:
        'r: expected exactly one of "effort" or "budgetTokens", got keys "effort", "budgetTokens" (example: { "effort": "medium" } or { "budgetTokens": 4096 })',
    });
    expect(readReasoningSetting({ budgetTokens: 1.5 }, "r")).toEqual({
      error:
        'r.budgetTokens: expected a whole number of tokens ≥ 1, got a number (1.5) (example: { "budgetTokens": 4096 })',
    });
  });
});

describe("readReasoningText", () => {
  it("reads low, medium, high or a number of tokens", () => {
    expect(readReasoningText("medium")).toEqual({ setting: { effort: "medium" } });
    expect(readReasoningText("2048")).toEqual({ setting: { budgetTokens: 2048 } });
  });

  it("refuses anything else, naming the accepted forms", () => {
    expect(readReasoningText("max")).toEqual({
      error:
        'expected low, medium, high or a number of reasoning tokens ≥ 1, got a string ("max") (example: medium, or 4096)',
    });
    expect("error" in readReasoningText("0")).toBe(true);
  });

  it("starts with the name the caller's user writes and uses it in the example", () => {
    expect(readReasoningText("max", { name: "--reasoning" })).toEqual({
      error:
        '--reasoning: expected low, medium, high or a number of reasoning tokens ≥ 1, got a string ("max") (example: --reasoning medium, or --reasoning 4096)',
    });
  });
});
