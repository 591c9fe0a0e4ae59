import type { TextStyle } from "@tinyloop/agent-session";
import { describe, expect, it } from "vitest";
import { formatCharCount, reasoningHeading, reasoningLine } from "./reasoning-display.js";

const marked: TextStyle = {
  dim: (text) => `<dim>${text}</dim>`,
  bold: (text) => text,
  red: (text) => text,
  green: (text) => text,
  yellow: (text) => text,
  cyan: (text) => text,
};

describe("reasoningLine", () => {
  it("shows the first words on one dim line with the reasoning's size", () => {
    const thought = `The user wants the files listed,\nso I will call list_directory on the folder they named. ${"More. ".repeat(200)}`;
    expect(reasoningLine(thought, { style: marked })).toBe(
      "<dim>▸ thinking: The user wants the files listed, so I will call l… (1.3k chars)</dim>",
    );
    expect(reasoningLine("Short thought.")).toBe("▸ thinking: Short thought. (14 chars)");
  });

  it("fits an 80-column terminal however long the reasoning", () => {
    expect(reasoningLine("word ".repeat(5000))?.length).toBeLessThanOrEqual(80);
  });

  it("makes control characters visible, and gives no line for empty reasoning", () => {
    expect(reasoningLine("evil \u001b[2Jclear\u0007")).toBe(
      "▸ thinking: evil \\x1b[2Jclear\\x07 (15 chars)",
    );
    expect(reasoningLine(" \n\t ")).toBeUndefined();
  });

  it("counts characters as a person reads them", () => {
    expect(formatCharCount(840)).toBe("840 chars");
    expect(formatCharCount(1000)).toBe("1k chars");
    expect(formatCharCount(1249)).toBe("1.2k chars");
    expect(formatCharCount(35_400)).toBe("35k chars");
  });

  it("heads reasoning shown in full with a dim line", () => {
    expect(reasoningHeading({ style: marked })).toBe("<dim>▾ thinking</dim>");
  });
});
