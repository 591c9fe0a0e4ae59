/**
 * How many real engine outputs (src/text-tool-calls/__fixtures__/engine-cases) tinyloop reads
 * as the engine does: per format and in total. A call handed back with an `error` counts as
 * "not a call"; a case where tinyloop records a deliberate `decided` reading counts as a miss.
 * Run: pnpm exec tsx bench/text-tool-call-cases.ts (add --misses to list them).
 */
import { engineCases } from "../src/text-tool-calls/__fixtures__/engine-cases/index.js";
import {
  runnableCalls,
  sameCalls,
} from "../src/text-tool-calls/__fixtures__/engine-cases/score-engine-case.js";
import { parseToolCallText } from "../src/text-tool-calls/index.js";
import type { TextToolCallFormat } from "../src/text-tool-calls/text-tool-call-formats.js";

const showMisses = process.argv.includes("--misses");
let total = 0;
let read = 0;
console.log("format            read / cases");
for (const [format, cases] of Object.entries(engineCases)) {
  let hits = 0;
  for (const testCase of cases ?? []) {
    const parsed = parseToolCallText(format as TextToolCallFormat, testCase.text, {
      tools: testCase.tools,
      startsInReasoning: testCase.startsInReasoning,
    });
    if (sameCalls(parsed, testCase.calls)) hits++;
    else if (showMisses) {
      console.log(`  miss ${format}: ${testCase.source}`);
      console.log(`    engine: ${JSON.stringify(testCase.calls)}`);
      console.log(`    ours:   ${JSON.stringify(runnableCalls(parsed))}`);
    }
  }
  total += cases?.length ?? 0;
  read += hits;
  console.log(`${format.padEnd(18)}${String(hits).padStart(4)} / ${cases?.length ?? 0}`);
}
console.log(
  `${"total".padEnd(18)}${String(read).padStart(4)} / ${total} (${((100 * read) / total).toFixed(1)} %)`,
);
