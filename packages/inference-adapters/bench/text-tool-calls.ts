/**
 * Cost of tool calls written as text: 200 streamed turns (each some narration, then one call
 * to one of 10 offered tools) through createOpenAICompatible with native tool calls, against
 * the same turns with the call written in Hermes text and read by withTextToolCalls. Both
 * sides stream the same answer in the same number of deltas (one per token), from scripted
 * model servers in another process, so this process's CPU time is the client's whole cost.
 * Two histories: the same question each turn (the streaming alone), and an agent's run,
 * whose history grows by the call and its result each turn (the conversation written out
 * again each turn). Prints medians, the ratio text / native (target ≤ 1.05×) and each
 * round's ratio, both sides measured in the same run, alternating.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ChatMessage,
  type ChatModel,
  type ContentBlock,
  createOpenAICompatible,
  type ToolCall,
  type ToolSpec,
  withTextToolCalls,
} from "../src/index.js";

const turns = 200;
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);

const narration =
  "Let me look at the next file to see what it holds before I answer, since the notes may have changed. ";
const words = narration.match(/\S+\s*/g) ?? [];
const args = { path: "notes/weekly-report.md", offset: 0, limit: 200 };
const argsJson = JSON.stringify(args);

// One answer, one token per streamed delta on both sides. The text side streams the call as
// the model writes it: `<tool_call>` and `</tool_call>` are single tokens in the Hermes /
// Qwen vocabularies, the JSON between them a few characters per token.
const quarters = (text: string) => text.match(/[\s\S]{1,4}/g) ?? [];
const body = JSON.stringify({ name: "read_file", arguments: args });
const callTokens = ["<tool_call>", "\n", ...quarters(body), "\n", "</tool_call>"];
// The native side streams the same call in as many deltas: the head (id and name), then the
// arguments in near-equal pieces, so neither side pays for more deltas than the other.
const argumentChunks = splitEvenly(argsJson, callTokens.length - 1);
const textDeltas = words.length + 1 + callTokens.length;
const nativeDeltas = words.length + 1 + 1 + argumentChunks.length;
if (textDeltas !== nativeDeltas) throw new Error(`deltas differ: ${textDeltas} vs ${nativeDeltas}`);

/** `text` in `count` pieces whose lengths differ by at most one. */
function splitEvenly(text: string, count: number): string[] {
  const pieces: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const next = Math.round(((i + 1) * text.length) / count);
    pieces.push(text.slice(at, next));
    at = next;
  }
  return pieces;
}

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

const serverEntry = import.meta.resolve("@tinyloop/test-fixtures/model-server");
const dir = mkdtempSync(join(tmpdir(), "bench-text-tool-calls-"));

/**
 * One process serving both sides, each script on its own port: the two servers then share
 * one process's luck on a busy machine (a slower server leaves the client idle longer, and a
 * client woken on cold caches spends more CPU), instead of each side having its own.
 */
async function startServers(scripts: Record<"native" | "text", Record<string, unknown>>) {
  const paths = Object.entries(scripts).map(([name, turn]) => {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify({ turns: [turn], cycle: true }));
    return path;
  });
  const code = `
    import { readFileSync } from "node:fs";
    const { startScriptedModelServer } = await import(process.argv[1]);
    const servers = await Promise.all(process.argv.slice(2).map((path) =>
      startScriptedModelServer({ script: JSON.parse(readFileSync(path, "utf8")) })));
    process.stdout.write(JSON.stringify(servers.map((server) => server.baseURL)) + "\\n");`;
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", code, serverEntry, ...paths],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(
        new Error(
          `model server exited with ${code}; build it first (pnpm turbo run build --filter=@tinyloop/test-fixtures)`,
        ),
      ),
    );
    child.stdout.once("data", (data: Buffer) => resolve(JSON.parse(data.toString()) as string[]));
  });
  return { child, native: urls[0] as string, text: urls[1] as string };
}

// Both sides end the narration with a newline delta before the call.
const servers = await startServers({
  native: {
    chunks: [...words, "\n"],
    toolCalls: [{ name: "read_file", arguments: argsJson, argumentChunks }],
  },
  text: { chunks: [...words, "\n", ...callTokens] },
});
const question: ChatMessage = { role: "user", content: "Read the weekly report." };
const result: ContentBlock[] = [
  { type: "text", text: "# Weekly report\n\nShipped the parser; the bench is next." },
];

/** What one side's model said over a run: its text and its calls, to check both said the same. */
interface Heard {
  text: string;
  calls: string[];
}

type History = "same question" | "an agent's run";

async function run(model: ChatModel, history: History): Promise<Heard> {
  const heard: Heard = { text: "", calls: [] };
  const messages: ChatMessage[] = [question];
  for (let turn = 0; turn < turns; turn++) {
    let said = "";
    const calls: ToolCall[] = [];
    for await (const event of model.stream({ messages: [...messages], tools })) {
      if (event.type === "text-delta") said += event.text;
      if (event.type === "tool-call") {
        // The same id on both sides, so both histories hold the same text.
        calls.push({
          id: `call_${turn}_${calls.length}`,
          name: event.name,
          arguments: event.arguments,
        });
      }
    }
    heard.text += said;
    heard.calls.push(...calls.map((call) => `${call.name} ${call.arguments}`));
    if (history === "an agent's run") {
      messages.push({ role: "assistant", content: said, toolCalls: calls });
      for (const call of calls)
        messages.push({ role: "tool", toolCallId: call.id, content: result });
    }
  }
  return heard;
}

const sides = {
  native: () => createOpenAICompatible({ baseURL: servers.native, model: "bench" }),
  text: () =>
    withTextToolCalls(createOpenAICompatible({ baseURL: servers.text, model: "bench" }), {
      format: "hermes",
    }),
};

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function time(model: ChatModel, history: History): Promise<Sample & { heard: Heard }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const heard = await run(model, history);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (heard.calls.length !== turns)
    throw new Error(`expected ${turns} calls, got ${heard.calls.length}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, heard };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Both sides over `history`, alternating; prints the table and returns the CPU ratio. */
async function compare(history: History): Promise<number> {
  // Warm both paths up, and check that they hand the caller the same answer.
  const first = await time(sides.native(), history);
  const second = await time(sides.text(), history);
  if (JSON.stringify(first.heard) !== JSON.stringify(second.heard)) {
    throw new Error(
      `the two sides differ: native said ${JSON.stringify(first.heard).slice(0, 300)}, text ${JSON.stringify(second.heard).slice(0, 300)}`,
    );
  }
  const nativeSamples: Sample[] = [];
  const textSamples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so neither side always runs on a warmer machine.
    if (round % 2 === 0) {
      nativeSamples.push(await time(sides.native(), history));
      textSamples.push(await time(sides.text(), history));
    } else {
      textSamples.push(await time(sides.text(), history));
      nativeSamples.push(await time(sides.native(), history));
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
    `\n### Tool calls as text, ${history}: ${turns} streamed turns (${words.length} words + one call each, ${textDeltas} deltas per turn on both sides), median of ${rounds}\n`,
  );
  console.log("| case | wall ms | wall ratio | client CPU ms | CPU ratio |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(row("native tool calls (createOpenAICompatible)", nativeSamples).line);
  const result = row("hermes text calls (withTextToolCalls)", textSamples);
  console.log(result.line);
  console.log(
    `\ntarget ≤ 1.05× (client CPU time): ${result.cpuRatio <= 1.05 ? "met" : "NOT met"} (${result.cpuRatio.toFixed(2)}×; wall ${result.wallRatio.toFixed(2)}×, load average ${loadavg()[0]?.toFixed(1)})`,
  );
  // Each round's two runs met the same neighbours: their ratios show the spread.
  const perRound = textSamples
    .map((sample, round) => sample.cpuMs / (nativeSamples[round]?.cpuMs ?? Number.NaN))
    .sort((a, b) => a - b);
  console.log(
    `CPU ratio per round (text ÷ native of the same round), sorted: ${perRound.map((r) => r.toFixed(2)).join(" ")}`,
  );
  return result.cpuRatio;
}

try {
  await compare("same question");
  await compare("an agent's run");
} finally {
  servers.child.kill("SIGTERM");
}
