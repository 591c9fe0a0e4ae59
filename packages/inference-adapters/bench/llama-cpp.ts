/**
 * Tokens per second through createLlamaCpp against calling node-llama-cpp's LlamaChat
 * directly, on the same generated fixture model in the same run (target: ≥ 0.97×).
 * Run: pnpm --filter @tinyloop/inference-adapters bench (or tsx bench/llama-cpp.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { replyScript, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { getLlama, LlamaChat, LlamaLogLevel } from "node-llama-cpp";
import { createLlamaCpp } from "../src/llama-cpp/index.js";

const TOKENS = 400;
const ROUNDS = 9;
const THREADS = 1;
const CONTEXT = 2048;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const dir = await mkdtemp(join(tmpdir(), "tinyloop-bench-llama-"));
const path = join(dir, "loop.gguf");
await writeTinyLlamaGguf(path, replyScript(["tick", "\u2581tock", "\u2581"], { loop: true }));

// Baseline: node-llama-cpp used directly, as its docs show.
const llama = await getLlama({
  gpu: false,
  build: "never",
  skipDownload: true,
  progressLogs: false,
  logLevel: LlamaLogLevel.error,
});
const directModel = await llama.loadModel({ modelPath: path, gpuLayers: 0 });
const directContext = await directModel.createContext({ contextSize: CONTEXT, threads: THREADS });
const directChat = new LlamaChat({ contextSequence: directContext.getSequence() });

async function direct(): Promise<number> {
  let tokens = 0;
  const start = performance.now();
  await directChat.generateResponse(
    [
      { type: "user", text: "Hi" },
      { type: "model", response: [] },
    ],
    { maxTokens: TOKENS, temperature: 0.2, onToken: (t) => (tokens += t.length) },
  );
  return tokens / ((performance.now() - start) / 1000);
}

const adapter = createLlamaCpp({ model: path, gpu: false, threads: THREADS, contextSize: CONTEXT });
await adapter.load();

async function throughAdapter(): Promise<number> {
  let tokens = 0;
  const start = performance.now();
  for await (const event of adapter.stream({
    messages: [{ role: "user", content: "Hi" }],
    maxTokens: TOKENS,
  })) {
    if (event.type === "usage") tokens = event.outputTokens;
  }
  return tokens / ((performance.now() - start) / 1000);
}

const directRates: number[] = [];
const adapterRates: number[] = [];
await direct();
await throughAdapter();
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so drift in machine load hits both sides alike.
  if (round % 2 === 0) {
    directRates.push(await direct());
    adapterRates.push(await throughAdapter());
  } else {
    adapterRates.push(await throughAdapter());
    directRates.push(await direct());
  }
}

await adapter.close();
directChat.dispose();
await directContext.dispose();
await directModel.dispose();
await llama.dispose();
await rm(dir, { recursive: true, force: true });

const baseline = median(directRates);
const ours = median(adapterRates);
const rows = [
  ["node-llama-cpp LlamaChat (baseline)", baseline, 1],
  ["createLlamaCpp().stream", ours, ours / baseline],
] as const;
console.log(
  `\n### llama.cpp adapter: ${TOKENS} tokens × ${ROUNDS} rounds, ${THREADS} thread, tiny fixture GGUF\n`,
);
console.log("| path | median tokens/s | ratio |");
console.log("|---|---:|---:|");
for (const [name, rate, ratio] of rows) {
  console.log(`| ${name} | ${rate.toFixed(0)} | ${ratio.toFixed(3)}× |`);
}
console.log(`\ntarget ≥ 0.97×: ${ours / baseline >= 0.97 ? "met" : "NOT met"}`);
