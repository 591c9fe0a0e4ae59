import { describe, expect, it } from "vitest";
import { engineCases } from "./__fixtures__/engine-cases/index.js";
import { runnableCalls } from "./__fixtures__/engine-cases/score-engine-case.js";
import { charSplit, randomSplit, seededRandom } from "./__fixtures__/split-text.js";
import { collectTextToolCallEvents, parseToolCallText } from "./parse-tool-call-text.js";
import type { TextToolCallFormat } from "./text-tool-call-formats.js";
import { type TextToolCallEvent, TextToolCallStream } from "./text-tool-call-stream.js";

const cases = Object.entries(engineCases).flatMap(([format, list]) =>
  (list ?? []).map((testCase) => ({ format: format as TextToolCallFormat, ...testCase })),
);

describe("real engine outputs: tinyloop reads the calls the engine reads (or its recorded decision)", () => {
  for (const testCase of cases) {
    it(`${testCase.format}: ${testCase.source}`, () => {
      const options = { tools: testCase.tools, startsInReasoning: testCase.startsInReasoning };
      const whole = parseToolCallText(testCase.format, testCase.text, options);
      expect(runnableCalls(whole)).toEqual(testCase.decided?.calls ?? testCase.calls);

      const streamed = (pieces: string[]) => {
        const stream = new TextToolCallStream(testCase.format, options);
        const events: TextToolCallEvent[] = [];
        for (const piece of pieces) events.push(...stream.push(piece));
        events.push(...stream.end());
        return collectTextToolCallEvents(events);
      };
      expect(streamed(charSplit(testCase.text))).toEqual(whole);
      const random = seededRandom(testCase.text.length);
      for (let round = 0; round < 12; round++) {
        const pieces = randomSplit(testCase.text, random, 1 + (round % 16));
        expect(streamed(pieces), pieces.join("|")).toEqual(whole);
      }
    });
  }
});
