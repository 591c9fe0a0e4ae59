// Benchmark: how well and how fast `ToolRegistry.search` (what `tool_search` runs) finds the
// right tool on ToolRet-APIGen (3,605 tools, 1,000 requests; see /work/shared/toolret/SOURCES.md),
// beside plain BM25 measured in the same run (the method of the set's bm25.mjs). Prints hit@1,
// recall@5, NDCG@10 on all queries, and hit@1 and NDCG@10 on the two halves (even-numbered queries tuned the
// weights; odd-numbered ones were held out), ms per query at 3,605 tools and at 20,000 (the
// list repeated under new names), index build time and the index's heap memory. Times are
// wall and CPU: CPU time hardly grows when other processes share the cores.
// Run with `pnpm --filter @tinyloop/registry bench` (after a build); the data is read from
// TINYLOOP_TOOLRET_DIR, else ../shared/toolret beside the repository.
import { availableParallelism, loadavg } from "node:os";
import {
  type ToolDefinition,
  type ToolHandler,
  ToolRegistry,
  ToolSearchIndex,
} from "@tinyloop/registry";
import { PlainBm25 } from "./plain-bm25.js";
import { RetrievalScore } from "./retrieval-metrics.js";
import { loadToolRet, type ToolRetData, type ToolRetQuery } from "./toolret-data.js";

const PASSES = 3;
const LARGE = 20_000;

let data: ToolRetData;
try {
  data = loadToolRet();
} catch (error) {
  console.log(`tool search bench skipped: ${(error as Error).message}`);
  process.exit(0);
}
const { tools, queries, idOf } = data;
const gc = (globalThis as { gc?: () => void }).gc;
const noop: ToolHandler = () => "";

function registryOf(list: readonly ToolDefinition[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of list) registry.register(tool, noop);
  return registry;
}

/** The list repeated under new names until it holds `size` tools. */
function repeated(size: number): ToolDefinition[] {
  return Array.from({ length: size }, (_, i) => {
    const tool = tools[i % tools.length]!;
    const copy = Math.floor(i / tools.length);
    return copy === 0 ? tool : { ...tool, name: `c${i}_${tool.name}`.slice(0, 64) };
  });
}

type Ranker = (query: string) => string[];

function figures(rank: Ranker, subset: readonly ToolRetQuery[]) {
  const score = new RetrievalScore();
  for (const q of subset)
    score.add(
      rank(q.query).map((name) => idOf.get(name) ?? name),
      q.relevant,
    );
  return score.mean();
}

/** Wall and CPU milliseconds: CPU time hardly grows when other processes share the cores. */
interface Cost {
  wall: number;
  cpu: number;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `work`, measuring its wall and CPU time. */
function measure(work: () => void): Cost {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  work();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Medians over passes of the mean ms per query (one unmeasured warm-up pass first). */
function msPerQuery(rank: Ranker): Cost {
  for (const q of queries) rank(q.query);
  const passes: Cost[] = [];
  for (let p = 0; p < PASSES; p++) {
    passes.push(
      measure(() => {
        for (const q of queries) rank(q.query);
      }),
    );
  }
  return {
    wall: median(passes.map((cost) => cost.wall)) / queries.length,
    cpu: median(passes.map((cost) => cost.cpu)) / queries.length,
  };
}

/** The index being measured, kept reachable so that the collector cannot free it early. */
const held: unknown[] = [];

/** Median cost to build, and the heap the built index holds (needs --expose-gc). */
function buildCost(build: () => unknown): Cost & { mib: number | undefined } {
  const costs: Cost[] = [];
  let mib: number | undefined;
  for (let p = 0; p < PASSES; p++) {
    held.length = 0;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    costs.push(measure(() => held.push(build())));
    gc?.();
    if (gc !== undefined) mib = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  }
  held.length = 0;
  return {
    wall: median(costs.map((cost) => cost.wall)),
    cpu: median(costs.map((cost) => cost.cpu)),
    mib,
  };
}

interface Row {
  name: string;
  /** A ranker over `list`, built as a program would (tinyloop: a registry, searched). */
  build: (list: readonly ToolDefinition[]) => Ranker;
  /** The index alone, for its build time and memory. */
  index: (list: readonly ToolDefinition[]) => unknown;
}

const rows: Row[] = [
  {
    name: "plain BM25, name + description (bm25.mjs)",
    build: (list) => {
      const index = new PlainBm25(list);
      return (query) => index.rank(query, 10);
    },
    index: (list) => new PlainBm25(list),
  },
  {
    name: "plain BM25 with parameter names and descriptions",
    build: (list) => {
      const index = new PlainBm25(list, true);
      return (query) => index.rank(query, 10);
    },
    index: (list) => new PlainBm25(list, true),
  },
  {
    name: "tinyloop `ToolRegistry.search`",
    build: (list) => {
      const registry = registryOf(list);
      registry.search("warm up: build the index");
      return (query) => registry.search(query, { limit: 10 }).map((m) => m.definition.name);
    },
    index: (list) => new ToolSearchIndex(list),
  },
];

const pct = (x: number) => (100 * x).toFixed(1);
const even = queries.filter((_, i) => i % 2 === 0);
const odd = queries.filter((_, i) => i % 2 === 1);
const large = repeated(LARGE);
if (new Set(large.map((tool) => tool.name)).size !== LARGE)
  throw new Error("repeated names collide");

console.log(
  `ToolRet-APIGen from ${data.dir}: ${tools.length} tools, ${queries.length} queries; Node ${process.version}${gc === undefined ? " (no --expose-gc: memory not measured)" : ""}`,
);
console.log(
  `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores; times are wall (CPU)`,
);
console.log("");
console.log(
  `| retriever | hit@1 | recall@5 | NDCG@10 | hit@1 tuning half / held-out half | NDCG@10 tuning half / held-out half | ms / query, ${tools.length} tools | ms / query, ${LARGE.toLocaleString("en")} tools | build, ${tools.length} tools | build, ${LARGE.toLocaleString("en")} tools | index heap, ${tools.length} tools |`,
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const rank = row.build(tools);
  const all = figures(rank, queries);
  const tuning = figures(rank, even);
  const heldOut = figures(rank, odd);
  const ms = msPerQuery(rank);
  const msLarge = msPerQuery(row.build(large));
  const built = buildCost(() => row.index(tools));
  const builtLarge = buildCost(() => row.index(large));
  const heap = built.mib === undefined ? "–" : `${built.mib.toFixed(1)} MiB`;
  const query = (cost: Cost) => `${cost.wall.toFixed(2)} (${cost.cpu.toFixed(2)})`;
  const build = (cost: Cost) => `${cost.wall.toFixed(0)} ms (${cost.cpu.toFixed(0)} ms)`;
  console.log(
    `| ${row.name} | ${pct(all.hitAt1)} | ${pct(all.recallAt5)} | ${pct(all.ndcgAt10)} | ${pct(tuning.hitAt1)} / ${pct(heldOut.hitAt1)} | ${pct(tuning.ndcgAt10)} / ${pct(heldOut.ndcgAt10)} | ${query(ms)} | ${query(msLarge)} | ${build(built)} | ${build(builtLarge)} | ${heap} |`,
  );
}
