import { describe, expect, it } from "vitest";
import { formatCases } from "./__fixtures__/format-cases.js";
import { parseToolCallText } from "./parse-tool-call-text.js";
import { TEXT_TOOL_CALL_FORMATS } from "./text-tool-call-formats.js";

describe("parseToolCallText: real completions per format", () => {
  it("has cases for every format", () => {
    for (const format of TEXT_TOOL_CALL_FORMATS)
      expect(formatCases[format].length, format).toBeGreaterThan(0);
  });

  for (const format of TEXT_TOOL_CALL_FORMATS) {
    for (const testCase of formatCases[format]) {
      it(`${format}: ${testCase.source}`, () => {
        expect(parseToolCallText(format, testCase.text, { tools: testCase.tools })).toEqual(
          testCase.expected,
        );
      });
    }
  }

  it("names the known formats for an unknown one", () => {
    expect(() => parseToolCallText("hermes2" as "hermes", "hi")).toThrow(
      /expected one of hermes, qwen3-coder, .*generic, got "hermes2" \(example: "hermes"\)/,
    );
  });
});
