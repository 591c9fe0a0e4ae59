/**
 * Parsing cost of tool calls written as text: a streamed 200-turn run (each turn some
 * narration, then one call to one of 10 offered tools) through createOpenAICompatible with
 * native tool calls, against the same run with the call written in Hermes text and read by
 * withTextToolCalls. Each side streams from its own scripted model server process, so this
 * process's CPU time is the client's whole cost. Prints medians and the ratio text / native
 * (target ≤ 1.05×), both sides measured in the same run, alternating.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createOpenAICompatible, type ToolSpec, withTextToolCalls } from "../src/index.js";

const turns = 200;
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);

const narration =
  "Let me look at the next file to see what it holds before I answer, since the notes may have changed. ";
const words = narration.match(/\S+\s*/g) ?? [];
const args = { path: "notes/weekly-report.md", offset: 0, limit: 200 };
const hermesCall = `<tool_call>\n${JSON.stringify({ name: "read_file", arguments: args })}\n</tool_call>`;
// Models stream a few characters per token: the call text arrives in 4-character pieces.
const callPieces = hermesCall.match(/[\s\S]{1,4}/g) ?? [];

// What each server streams per turn: the words and a newline / a call head, then the call.
const textDeltas = words.length + 1 + callPieces.length;
const nativeDeltas = words.length + 1 + Math.ceil(JSON.stringify(args).length / 4);

const tools: ToolSpec[] = Array.from({ length: 10 }, (_, index) => ({
  name: index === 0 ? "read_file" : `tool_${index}`,
  description: `Tool number ${index}: does one thing with a path.`,
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string" },
      offset: { type: "integer" },
      limit: { type: "integer" },
    },
    required: ["path"],
  },
}));

const serverEntry = fileURLToPath(import.meta.resolve("@tinyloop/test-fixtures/model-server"));
const binPath = join(dirname(serverEntry), "bin.js");
const dir = mkdtempSync(join(tmpdir(), "bench-text-tool-calls-"));

async function startServer(name: string, turn: Record<string, unknown>) {
  const scriptPath = join(dir, `${name}.json`);
  writeFileSync(scriptPath, JSON.stringify({ turns: [turn], cycle: true }));
  const child = spawn(process.execPath, [binPath, "--script", scriptPath], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(
        new Error(
          `model server exited with ${code}; build it first (pnpm turbo run build --filter=@tinyloop/test-fixtures)`,
        ),
      ),
    );
    child.stdout.once("data", (data: Buffer) => resolve(data.toString().trim()));
  });
  return { child, baseURL: `${url}/v1` };
}

const native = await startServer("native", {
  chunks: words,
  toolCalls: [{ name: "read_file", arguments: args }],
  argumentsChunkSize: 4,
});
const text = await startServer("text", { chunks: [...words, "\n", ...callPieces] });
const messages = [{ role: "user" as const, content: "Read the weekly report." }];

async function run(model: ReturnType<typeof createOpenAICompatible>): Promise<number> {
  let calls = 0;
  for (let turn = 0; turn < turns; turn++) {
    for await (const event of model.stream({ messages, tools })) {
      if (event.type === "tool-call" && event.name === "read_file") calls++;
    }
  }
  return calls;
}

const viaNative = () => run(createOpenAICompatible({ baseURL: native.baseURL, model: "bench" }));
const viaText = () =>
  run(
    withTextToolCalls(createOpenAICompatible({ baseURL: text.baseURL, model: "bench" }), {
      format: "hermes",
    }),
  );

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function time(side: () => Promise<number>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const calls = await side();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (calls !== turns) throw new Error(`expected ${turns} calls, got ${calls}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await time(viaNative); // warm up both paths
  await time(viaText);
  const nativeSamples: Sample[] = [];
  const textSamples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so neither side always runs on a warmer machine.
    if (round % 2 === 0) {
      nativeSamples.push(await time(viaNative));
      textSamples.push(await time(viaText));
    } else {
      textSamples.push(await time(viaText));
      nativeSamples.push(await time(viaNative));
    }
  }
  const baseWall = median(nativeSamples.map((s) => s.wallMs));
  const baseCpu = median(nativeSamples.map((s) => s.cpuMs));
  const row = (name: string, samples: Sample[]) => {
    const wall = median(samples.map((s) => s.wallMs));
    const cpu = median(samples.map((s) => s.cpuMs));
    return {
      line: `| ${name} | ${wall.toFixed(1)} | ${(wall / baseWall).toFixed(2)}× | ${cpu.toFixed(1)} | ${(cpu / baseCpu).toFixed(2)}× |`,
      cpuRatio: cpu / baseCpu,
      wallRatio: wall / baseWall,
    };
  };
  console.log(
    `\n### Tool calls as text: a streamed ${turns}-turn run (${words.length} words + one call per turn), median of ${rounds}\n`,
  );
  console.log("| case | wall ms | wall ratio | client CPU ms | CPU ratio |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(row("native tool calls (createOpenAICompatible)", nativeSamples).line);
  const result = row("hermes text calls (withTextToolCalls)", textSamples);
  console.log(result.line);
  console.log(
    `\ntarget ≤ 1.05× (client CPU time): ${result.cpuRatio <= 1.05 ? "met" : "NOT met"} (${result.cpuRatio.toFixed(2)}×; wall ${result.wallRatio.toFixed(2)}×, load average ${loadavg()[0]?.toFixed(1)})`,
  );
  // The call written as text is longer than its arguments alone, so its side streams more
  // deltas per turn: the CPU per streamed delta tells the parsing cost apart from that.
  const perDelta = result.cpuRatio / (textDeltas / nativeDeltas);
  console.log(
    `streamed deltas per turn: native ${nativeDeltas}, text ${textDeltas} (${(textDeltas / nativeDeltas).toFixed(2)}×); client CPU per delta: ${perDelta.toFixed(2)}×`,
  );
} finally {
  native.child.kill("SIGTERM");
  text.child.kill("SIGTERM");
}
