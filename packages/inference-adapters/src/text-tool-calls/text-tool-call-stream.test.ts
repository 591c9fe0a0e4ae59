import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../types.js";
import { edgeCases } from "./__fixtures__/edge-cases.js";
import { formatCases } from "./__fixtures__/format-cases.js";
import { charSplit, randomSplit, seededRandom } from "./__fixtures__/split-text.js";
import { collectTextToolCallEvents, parseToolCallText } from "./parse-tool-call-text.js";
import { TEXT_TOOL_CALL_FORMATS, type TextToolCallFormat } from "./text-tool-call-formats.js";
import { type TextToolCallEvent, TextToolCallStream } from "./text-tool-call-stream.js";

function streamed(format: TextToolCallFormat, pieces: string[], tools?: ToolSpec[]) {
  const stream = new TextToolCallStream(format, { tools });
  const events: TextToolCallEvent[] = [];
  for (const piece of pieces) events.push(...stream.push(piece));
  events.push(...stream.end());
  return collectTextToolCallEvents(events);
}

const allCases = [
  ...TEXT_TOOL_CALL_FORMATS.flatMap((format) =>
    formatCases[format].map((testCase) => ({ format, ...testCase })),
  ),
  ...edgeCases,
];

describe("TextToolCallStream: any split gives the whole-text result", () => {
  for (const testCase of allCases) {
    it(`${testCase.format}: ${testCase.source}`, () => {
      const whole = parseToolCallText(testCase.format, testCase.text, { tools: testCase.tools });
      expect(whole).toEqual(testCase.expected);
      expect(streamed(testCase.format, charSplit(testCase.text), testCase.tools)).toEqual(whole);
      const random = seededRandom(testCase.text.length);
      for (let round = 0; round < 25; round++) {
        const pieces = randomSplit(testCase.text, random, 1 + (round % 16));
        expect(streamed(testCase.format, pieces, testCase.tools), pieces.join("|")).toEqual(whole);
      }
    });
  }
});

describe("TextToolCallStream: holding back", () => {
  it("holds a partial marker at a chunk edge until the next chunk decides it", () => {
    const stream = new TextToolCallStream("hermes");
    expect(stream.push("Let me look <tool")).toEqual([{ type: "text", text: "Let me look " }]);
    expect(stream.push("_call>\n")).toEqual([]);
    expect(stream.push('{"name": "ls", "arguments": {}}\n</tool_call>')).toEqual([
      { type: "tool-call", call: { name: "ls", arguments: {} } },
    ]);
    expect(stream.end()).toEqual([]);
  });

  it("releases held text once it cannot be a marker any more", () => {
    const stream = new TextToolCallStream("hermes");
    expect(stream.push("a <tool")).toEqual([{ type: "text", text: "a " }]);
    expect(stream.push("box")).toEqual([{ type: "text", text: "<toolbox" }]);
    expect(stream.push(" <")).toEqual([{ type: "text", text: " " }]);
    expect(stream.end()).toEqual([{ type: "text", text: "<" }]);
  });

  it("streams reasoning as it comes, apart from the answer", () => {
    const stream = new TextToolCallStream("hermes");
    expect(stream.push("<think>step one, ")).toEqual([{ type: "reasoning", text: "step one, " }]);
    expect(stream.push("step two</th")).toEqual([{ type: "reasoning", text: "step two" }]);
    expect(stream.push("ink>Done.")).toEqual([{ type: "text", text: "Done." }]);
  });
});
