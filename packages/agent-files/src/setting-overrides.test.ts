import { describe, expect, it } from "vitest";
import { readSettingOverrides } from "./setting-overrides.js";

const names = { toolCallFormat: "--tool-format", reasoning: "--reasoning" };

describe("readSettingOverrides", () => {
  it("reads a tool-call format and a reasoning text by the file's rules", () => {
    expect(readSettingOverrides({ toolCallFormat: "hermes", reasoning: "4096" }, names)).toEqual({
      overrides: { toolCallFormat: "hermes", reasoning: { budgetTokens: 4096 } },
    });
    expect(readSettingOverrides({ reasoning: "high" }, names)).toEqual({
      overrides: { reasoning: { effort: "high" } },
    });
  });

  it("leaves a setting not given out, so the file's value stays", () => {
    expect(readSettingOverrides({}, names)).toEqual({ overrides: {} });
  });

  it("names an unknown format as the caller writes it, with every choice and an example", () => {
    const read = readSettingOverrides({ toolCallFormat: "chatml" }, names);
    expect(read).toEqual({
      error: expect.stringMatching(
        /^--tool-format: expected one of auto, native, hermes, .*, got "chatml" \(example: --tool-format hermes\)$/,
      ),
    });
  });

  it("names a bad reasoning text as the caller writes it", () => {
    expect(readSettingOverrides({ reasoning: "max" }, names)).toEqual({
      error:
        '--reasoning: expected low, medium, high or a number of reasoning tokens ≥ 1, got a string ("max") (example: --reasoning medium, or --reasoning 4096)',
    });
  });
});
