import { describe, expect, it } from "vitest";
import { toolFormatLine } from "./tool-format-line.js";

describe("toolFormatLine", () => {
  it("as a line says why and which format from now on", () => {
    expect(toolFormatLine({ format: "pythonic", reason: "tools-refused", detail: "400 …" })).toBe(
      "tool calls: the model's server refused native tools; from now on they are written in the pythonic text format",
    );
    expect(
      toolFormatLine({ format: "hermes", reason: "text-call-seen", detail: "<tool_call>" }),
    ).toBe(
      "tool calls: the model wrote a tool call as text (<tool_call>); from now on they are written in the hermes text format",
    );
  });
});
