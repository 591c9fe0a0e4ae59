/**
 * Tokens per second through createLlamaCpp against calling node-llama-cpp's LlamaChat
 * directly, on the same generated fixture model in the same run (target: ≥ 0.97×).
 * Run: pnpm --filter @tinyloop/inference-adapters bench (or tsx bench/llama-cpp.ts).
 *
 * The fixture model is tiny, so each token costs ~0.1 ms and any per-token overhead of the
 * adapter shows up magnified. Besides wall-clock tokens/s, the table gives tokens per CPU
 * second of the whole process (main thread + llama.cpp threads), which a busy machine
 * disturbs far less.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { replyScript, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
import { getLlama, LlamaChat, LlamaLogLevel } from "node-llama-cpp";
import { createLlamaCpp } from "../src/llama-cpp/index.js";

const TOKENS = 400;
const ROUNDS = 15;
const THREADS = 1;
const CONTEXT = 2048;

interface Sample {
  wall: number;
  cpu: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function measure(run: () => Promise<number>): Promise<Sample> {
  const wallStart = performance.now();
  const cpuStart = cpuMs();
  const tokens = await run();
  return {
    wall: tokens / ((performance.now() - wallStart) / 1000),
    cpu: tokens / ((cpuMs() - cpuStart) / 1000),
  };
}

const dir = await mkdtemp(join(tmpdir(), "tinyloop-bench-llama-"));
const path = join(dir, "loop.gguf");
await writeTinyLlamaGguf(path, replyScript(["tick", "\u2581tock", "\u2581"], { loop: true }));

// Baseline: node-llama-cpp used directly, as its docs show, streaming the text.
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

const direct = () =>
  measure(async () => {
    let tokens = 0;
    await directChat.generateResponse(
      [
        { type: "user", text: "Hi" },
        { type: "model", response: [] },
      ],
      {
        maxTokens: TOKENS,
        temperature: 0.2,
        onTextChunk: (text) => void text.length,
        onToken: (t) => {
          tokens += t.length;
        },
      },
    );
    return tokens;
  });

const adapter = createLlamaCpp({ model: path, gpu: false, threads: THREADS, contextSize: CONTEXT });
await adapter.load();

const throughAdapter = () =>
  measure(async () => {
    let tokens = 0;
    for await (const event of adapter.stream({
      messages: [{ role: "user", content: "Hi" }],
      maxTokens: TOKENS,
    })) {
      if (event.type === "usage") tokens = event.outputTokens;
    }
    return tokens;
  });

const directSamples: Sample[] = [];
const adapterSamples: Sample[] = [];
await direct();
await throughAdapter();
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so drift in machine load hits both sides alike.
  if (round % 2 === 0) {
    directSamples.push(await direct());
    adapterSamples.push(await throughAdapter());
  } else {
    adapterSamples.push(await throughAdapter());
    directSamples.push(await direct());
  }
}

await adapter.close();
directChat.dispose();
await directContext.dispose();
await directModel.dispose();
await llama.dispose();
await rm(dir, { recursive: true, force: true });

// Rounds run back to back in pairs: the median of per-pair ratios cancels most load drift.
const pairedRatio = (key: keyof Sample) =>
  median(adapterSamples.map((s, i) => s[key] / (directSamples[i]?.[key] ?? s[key])));
const wallRatio = pairedRatio("wall");
const cpuRatio = pairedRatio("cpu");

console.log(
  `\n### llama.cpp adapter: ${TOKENS} tokens × ${ROUNDS} rounds, ${THREADS} thread, tiny fixture GGUF\n`,
);
console.log("| path | tokens/s (wall) | ratio | tokens per CPU-second | ratio |");
console.log("|---|---:|---:|---:|---:|");
const row = (name: string, samples: Sample[], wall: number, cpu: number) =>
  console.log(
    `| ${name} | ${median(samples.map((s) => s.wall)).toFixed(0)} | ${wall.toFixed(3)}× | ${median(samples.map((s) => s.cpu)).toFixed(0)} | ${cpu.toFixed(3)}× |`,
  );
row("node-llama-cpp LlamaChat (baseline)", directSamples, 1, 1);
row("createLlamaCpp().stream", adapterSamples, wallRatio, cpuRatio);
console.log(
  `\nratios are medians of paired rounds; target ≥ 0.97×: wall ${wallRatio >= 0.97 ? "met" : "NOT met"}, CPU ${cpuRatio >= 0.97 ? "met" : "NOT met"}`,
);
