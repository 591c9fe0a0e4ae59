import { describe, expect, it } from "vitest";
import { toolFormatEvent } from "./tool-format-switch.js";

describe("the tool-format switch", () => {
  it("as an event carries the format, the reason and the detail", () => {
    expect(toolFormatEvent({ format: "hermes", reason: "tools-refused", detail: "d" })).toEqual({
      type: "tool-format",
      format: "hermes",
      reason: "tools-refused",
      detail: "d",
    });
  });
});
