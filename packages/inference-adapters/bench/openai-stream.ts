/**
 * Streams 50 000 small deltas from the scripted model server (a separate process, so only
 * the client side is in this process) through createOpenAICompatible, and through a bare
 * loop that reads the same stream with fetch + eventsource-parser + JSON.parse. Prints
 * medians and the ratio adapter / bare loop (target ≤ 1.10×).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createParser } from "eventsource-parser";
import { createOpenAICompatible } from "../src/index.js";

const deltas = 50_000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);

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

async function time(run: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const count = await run();
  const ms = performance.now() - start;
  if (count !== deltas) throw new Error(`expected ${deltas} deltas, got ${count}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await time(bareLoop); // warm up both paths
  await time(viaAdapter);
  const adapter: number[] = [];
  const bare: number[] = [];
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
  const bareMs = median(bare);
  const adapterMs = median(adapter);
  const ratio = adapterMs / bareMs;
  console.log(
    `\n### OpenAI-compatible stream: ${deltas.toLocaleString("en")} deltas, median of ${rounds}\n`,
  );
  console.log("| case | median ms | deltas/s | ratio |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| bare loop (fetch + eventsource-parser + JSON.parse) | ${bareMs.toFixed(1)} | ${Math.round((deltas / bareMs) * 1000).toLocaleString("en")} | 1.00× |`,
  );
  console.log(
    `| createOpenAICompatible | ${adapterMs.toFixed(1)} | ${Math.round((deltas / adapterMs) * 1000).toLocaleString("en")} | ${ratio.toFixed(2)}× |`,
  );
  console.log(`\ntarget ≤ 1.10×: ${ratio <= 1.1 ? "met" : "NOT met"}`);
} finally {
  server.kill("SIGTERM");
}
