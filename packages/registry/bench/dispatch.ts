// Benchmark: the cost `dispatch` adds over calling a handler directly (100 tools registered),
// and the cost of `list()` over 1,000 unchanged tools against copying a 1,000-item array.
// Runs against the built package (`pnpm build` first): it imports the package by name, and
// the bench script points tsx at tsconfig.build.json, whose lack of `paths` lets the name
// resolve through package.json "exports" to dist/ (tsconfig.json maps it to src/ for typecheck).
import { type ToolHandler, ToolRegistry } from "@tinyloop/registry";

const SAMPLES = 201;
const CALLS_PER_SAMPLE = 500;
const LIST_CALLS_PER_SAMPLE = 2_000;

const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" }, label: { type: "string" } },
  required: ["a", "b"],
  additionalProperties: false,
};
const handler: ToolHandler = (args) => ({
  content: [{ type: "text", text: String((args.a as number) + (args.b as number)) }],
});
const args = { a: 1, b: 2, label: "sum" };
const argsText = JSON.stringify(args);

const registry = new ToolRegistry();
for (let i = 0; i < 100; i++) {
  registry.register(
    {
      name: `tool_${i}`,
      description: `Adds two numbers (${i})`,
      inputSchema: schema,
      toolset: `set_${i % 5}`,
    },
    handler,
  );
}
const signal = new AbortController().signal;
let sink: unknown;

/** Median nanoseconds per call of `run`, measured in batches. */
async function perCallAsync(
  run: () => Promise<unknown> | unknown,
  calls: number,
): Promise<number[]> {
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sink = await run();
    samples.push(Number(process.hrtime.bigint() - start) / calls);
  }
  return samples;
}

function perCallSync(run: () => unknown, calls: number): number[] {
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sink = run();
    samples.push(Number(process.hrtime.bigint() - start) / calls);
  }
  return samples;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const asyncHandler: ToolHandler = async (input, { signal: callSignal }) => {
  if (callSignal?.aborted) return "cancelled";
  return { content: [{ type: "text", text: String((input.a as number) + (input.b as number)) }] };
};
registry.register(
  { name: "async_sum", description: "Adds two numbers", inputSchema: schema, toolset: "async" },
  asyncHandler,
);

// Each row: the handler called directly, and the same call through `dispatch`.
const dispatchCases: Array<[string, () => unknown, () => unknown]> = [
  [
    "sync handler, object arguments",
    () => handler(args, {}),
    () => registry.dispatch("tool_50", args),
  ],
  [
    "sync handler, JSON text arguments",
    () => handler(JSON.parse(argsText), {}),
    () => registry.dispatch("tool_50", argsText),
  ],
  [
    "async handler, object arguments + AbortSignal",
    () => asyncHandler(args, { signal }),
    () => registry.dispatch("async_sum", args, { signal }),
  ],
];
const runs = dispatchCases.flatMap(([, direct, viaDispatch]) => [direct, viaDispatch]);

// Warm up every case (JIT, and the lazily compiled validator), then measure round-robin
// so drift in machine load hits every case alike.
for (const run of runs) await perCallAsync(run, 50);
const dispatchSamples = runs.map((): number[] => []);
for (let round = 0; round < 5; round++) {
  for (const [index, run] of runs.entries()) {
    dispatchSamples[index]!.push(...(await perCallAsync(run, CALLS_PER_SAMPLE)));
  }
}
const dispatchMedians = dispatchSamples.map(median);

const big = new ToolRegistry();
for (let i = 0; i < 1_000; i++) {
  big.register(
    { name: `t_${i}`, description: "", inputSchema: schema, toolset: `s_${i % 10}` },
    handler,
  );
}
const plain = [...big.list()];
const listFilter = { toolsets: ["s_1", "s_2"] };
const listCases: Array<[string, () => unknown]> = [
  ["copy of a 1,000-item array (baseline)", () => plain.slice()],
  ["list() of 1,000 unchanged tools", () => big.list()],
  ["list({ toolsets }) of 1,000 unchanged tools", () => big.list(listFilter)],
];
for (const [, run] of listCases) perCallSync(run, 100);
const listSamples = listCases.map((): number[] => []);
for (let round = 0; round < 5; round++) {
  for (const [index, [, run]] of listCases.entries()) {
    listSamples[index]!.push(...perCallSync(run, LIST_CALLS_PER_SAMPLE));
  }
}
const listMedians = listSamples.map(median);
const listBaseline = listMedians[0]!;
void sink;

const format = (ns: number) =>
  ns >= 1_000 ? `${(ns / 1_000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;

const resolved = import.meta.resolve("@tinyloop/registry");
console.log(`Package under test: ${resolved.slice(resolved.indexOf("/registry/") + 1)}\n`);
console.log(`## @tinyloop/registry — dispatch (100 tools registered, median per call)\n`);
console.log("| case | handler directly (baseline) | via dispatch | ratio | overhead |");
console.log("|---|---:|---:|---:|---:|");
const overheads = dispatchCases.map(([label], index) => {
  const direct = dispatchMedians[2 * index]!;
  const viaDispatch = dispatchMedians[2 * index + 1]!;
  const ratio = (viaDispatch / direct).toFixed(2);
  console.log(
    `| ${label} | ${format(direct)} | ${format(viaDispatch)} | ${ratio}× | ${format(viaDispatch - direct)} |`,
  );
  return viaDispatch - direct;
});
console.log(`\n## @tinyloop/registry — list() (median per call)\n`);
console.log("| case | median per call | ratio vs baseline |");
console.log("|---|---:|---:|");
listCases.forEach(([label], index) => {
  const value = listMedians[index]!;
  console.log(`| ${label} | ${format(value)} | ${(value / listBaseline).toFixed(2)}× |`);
});

const overhead = Math.max(...overheads);
const listRatio = listMedians[1]! / listBaseline;
console.log(
  `\ndispatch overhead (worst row): ${format(overhead)} per call (target ≤ 5 µs): ${overhead <= 5_000 ? "met" : "MISSED"}`,
);
console.log(
  `list() of 1,000 tools: ${listRatio.toFixed(3)}× an array copy (target ≤ 1×): ${listRatio <= 1 ? "met" : "MISSED"}`,
);
