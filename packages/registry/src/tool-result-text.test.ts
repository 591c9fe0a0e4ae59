import { describe, expect, it } from "vitest";
import { ToolRegistry } from "./tool-registry.js";
import { toolResultText } from "./tool-result-text.js";

const png = Buffer.alloc(300).toString("base64");

describe("toolResultText", () => {
  it("joins the texts in order and notes every other block by kind", () => {
    const text = toolResultText({
      content: [
        { type: "text", text: "first" },
        { type: "image", data: png, mimeType: "image/png" },
        { type: "audio", data: png, mimeType: "audio/wav" },
        { type: "resource", resource: { uri: "file:///notes.md", text: "embedded text" } },
        { type: "resource", resource: { uri: "file:///a.bin", blob: png } },
        { type: "resource_link", uri: "file:///b.md", name: "b" },
        { type: "text", text: "last" },
      ],
    });
    expect(text.split("\n")).toEqual([
      "first",
      "[image image/png]",
      "[audio audio/wav]",
      "embedded text",
      "[resource file:///a.bin]",
      "[link file:///b.md]",
      "last",
    ]);
  });

  it("gives media their decoded size when asked", () => {
    const result = { content: [{ type: "image" as const, data: png, mimeType: "image/png" }] };
    expect(toolResultText(result, { sizes: true })).toBe("[image image/png, 300 bytes]");
  });

  it("shows structured content as JSON only when there are no blocks", () => {
    const structuredContent = { total: 3 };
    expect(toolResultText({ content: [], structuredContent })).toBe('{"total":3}');
    expect(toolResultText({ content: [], structuredContent }, { indent: 2 })).toBe(
      '{\n  "total": 3\n}',
    );
    const both = { content: [{ type: "text" as const, text: "3" }], structuredContent };
    expect(toolResultText(both)).toBe("3");
    expect(toolResultText({ content: [] })).toBe("");
  });

  it("reads a dispatched result, an error outcome included", async () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "shout",
        description: "Upper-cases text.",
        toolset: "builtin",
        inputSchema: { type: "object" },
      },
      async ({ text }) => String(text).toUpperCase(),
    );
    expect(toolResultText(await registry.dispatch("shout", { text: "hi" }))).toBe("HI");
    const unknown = await registry.dispatch("shuot", {});
    expect(unknown.isError).toBe(true);
    expect(toolResultText(unknown)).toContain('Unknown tool "shuot". Did you mean "shout"?');
  });
});
