/**
 * Streams 50 000 small deltas from the scripted model server (a separate process, so only
 * the client side is in this process) through createOpenAICompatible, and through a bare
 * loop that reads the same stream with fetch + eventsource-parser + JSON.parse. Prints
 * medians of wall time and of this process's CPU time, and the ratios adapter / bare loop
 * (target ≤ 1.10×).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createParser } from "eventsource-parser";
import { createOpenAICompatible } from "../src/index.js";

const deltas = 50_000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

const serverEntry = fileURLToPath(import.meta.resolve("@tinyloop/test-fixtures/model-server"));
const binPath = join(dirname(serverEntry), "bin.js");
const dir = mkdtempSync(join(tmpdir(), "bench-openai-stream-"));
const scriptPath = join(dir, "script.json");
writeFileSync(
  scriptPath,
  JSON.stringify({ turns: [{ chunks: Array(deltas).fill("tok ") }], cycle: true }),
);

const server = spawn(process.execPath, [binPath, "--script", scriptPath], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve, reject) => {
  server.once("error", reject);
  server.once("exit", (code) =>
    reject(
      new Error(
        `model server exited with ${code}; build it first (pnpm turbo run build --filter=@tinyloop/test-fixtures)`,
      ),
    ),
  );
  server.stdout.once("data", (data: Buffer) => resolve(data.toString().trim()));
});
const baseURL = `${url}/v1`;
const messages = [{ role: "user" as const, content: "stream please" }];

async function viaAdapter(): Promise<number> {
  const model = createOpenAICompatible({ baseURL, model: "bench" });
  let count = 0;
  for await (const event of model.stream({ messages })) if (event.type === "text-delta") count++;
  return count;
}

async function bareLoop(): Promise<number> {
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({
      model: "bench",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  let count = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data === "[DONE]") return;
      const chunk = JSON.parse(event.data) as { choices: Array<{ delta?: { content?: string } }> };
      if (chunk.choices[0]?.delta?.content) count++;
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(bytes, { stream: true }));
  }
  return count;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function time(run: () => Promise<number>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const count = await run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (count !== deltas) throw new Error(`expected ${deltas} deltas, got ${count}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await time(bareLoop); // warm up both paths
  await time(viaAdapter);
  const adapter: Sample[] = [];
  const bare: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so neither side always runs on a warmer machine.
    if (round % 2 === 0) {
      bare.push(await time(bareLoop));
      adapter.push(await time(viaAdapter));
    } else {
      adapter.push(await time(viaAdapter));
      bare.push(await time(bareLoop));
    }
  }
  const row = (name: string, samples: Sample[], base: Sample[]) => {
    const wall = median(samples.map((s) => s.wallMs));
    const cpu = median(samples.map((s) => s.cpuMs));
    const wallRatio = wall / median(base.map((s) => s.wallMs));
    const cpuRatio = cpu / median(base.map((s) => s.cpuMs));
    const rate = Math.round((deltas / wall) * 1000).toLocaleString("en");
    return {
      line: `| ${name} | ${wall.toFixed(1)} | ${rate} | ${wallRatio.toFixed(2)}× | ${cpu.toFixed(1)} | ${cpuRatio.toFixed(2)}× |`,
      cpuRatio,
      wallRatio,
    };
  };
  console.log(
    `\n### OpenAI-compatible stream: ${deltas.toLocaleString("en")} deltas, median of ${rounds}\n`,
  );
  console.log("| case | wall ms | deltas/s | wall ratio | client CPU ms | CPU ratio |");
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(row("bare loop (fetch + eventsource-parser + JSON.parse)", bare, bare).line);
  const result = row("createOpenAICompatible", adapter, bare);
  console.log(result.line);
  // The server runs in its own process, so client CPU time is the adapter's own cost and
  // stays meaningful on a loaded machine, where wall time mostly measures the neighbours.
  console.log(
    `\ntarget ≤ 1.10× (client CPU time): ${result.cpuRatio <= 1.1 ? "met" : "NOT met"} (${result.cpuRatio.toFixed(2)}×; wall ${result.wallRatio.toFixed(2)}×, load average ${loadavg()[0]?.toFixed(1)})`,
  );
} finally {
  server.kill("SIGTERM");
}
