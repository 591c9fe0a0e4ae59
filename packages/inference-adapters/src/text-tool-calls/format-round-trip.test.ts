import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../types.js";
import { formatCases } from "./__fixtures__/format-cases.js";
import { parseToolCallText } from "./parse-tool-call-text.js";
import { formatOf, TEXT_TOOL_CALL_FORMATS } from "./text-tool-call-formats.js";

const tools: ToolSpec[] = [
  {
    name: "read_file",
    description: "Read a file.",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  {
    name: "write_file",
    description: "Write a file.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string" },
        content: { type: "string" },
        mode: { type: "integer" },
      },
    },
  },
];
const calls = [
  { id: "call_1", name: "read_file", arguments: { path: "notes/a.txt" } },
  {
    id: "call_2",
    name: "write_file",
    arguments: { path: "b.txt", content: 'x, "y" {z}', mode: 420 },
  },
];

describe("each format reads back the calls it writes into the history", () => {
  for (const name of TEXT_TOOL_CALL_FORMATS) {
    it(name, () => {
      const format = formatOf(name);
      // functionary v3.2's prompt ends with the `>>>` its first call starts with.
      const written = format.renderCalls(calls).replace(/^>>>/, "");
      expect(parseToolCallText(name, written, { tools })).toEqual({
        content: null,
        toolCalls: calls.map(({ name: tool, arguments: args }) => ({
          name: tool,
          arguments: args,
        })),
      });
    });
  }
});

describe("each format's tools section names every tool", () => {
  for (const name of TEXT_TOOL_CALL_FORMATS) {
    it(name, () => {
      const section = formatOf(name).renderTools(tools);
      for (const tool of tools) expect(section).toContain(tool.name);
      expect(section).toContain("Write a file.");
    });
  }
});

describe("a completion cut off anywhere never crashes and never runs a call it did not finish", () => {
  for (const name of TEXT_TOOL_CALL_FORMATS) {
    it(name, () => {
      for (const testCase of formatCases[name]) {
        const whole = testCase.expected.toolCalls;
        for (let end = 0; end < testCase.text.length; end++) {
          const cut = parseToolCallText(name, testCase.text.slice(0, end), {
            tools: testCase.tools,
          });
          for (const call of cut.toolCalls) {
            if (call.error) continue;
            // A call read without error from a cut text is one of the whole text's calls.
            expect(whole, `${testCase.source} cut at ${end}`).toContainEqual(call);
          }
        }
      }
    });
  }
});
