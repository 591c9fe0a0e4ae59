// What the benchmarks of this package share: the scripted model server in its own process,
// percentiles, millisecond figures and the markdown report with the machine's load.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type ChatModel, createOpenAICompatible } from "@tinyloop/inference-adapters";
import { connectAll, type McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer, fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";

/** The text every scripted model turn answers. */
export const ANSWER = "The answer is forty-two, and here are a few more words to stream.";

/** Starts the scripted model server (answering {@link ANSWER} forever) in its own process; `dir` holds its script. */
export async function startModelServer(dir: string): Promise<{ url: string; stop: () => void }> {
  const script = join(dir, "script.json");
  writeFileSync(script, JSON.stringify({ turns: [{ text: ANSWER }], cycle: true }));
  const bin = fixtureServerPath.replace(/mcp-server[/\\]bin\.js$/, "model-server/bin.js");
  const child = spawn(process.execPath, [bin, "--script", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
  return { url: line.trim(), stop: () => child.kill("SIGTERM") };
}

/** The model of the scripted model server at `url` (no retries: a failure must show). */
export function scriptedModel(url: string): ChatModel {
  return createOpenAICompatible({
    baseURL: `${url}/v1`,
    model: "scripted",
    apiKey: "bench",
    maxRetries: 0,
  });
}

/** A registry with the fixture MCP server's tools (server `fx`, started now); close the hub after. */
export async function fixtureTools(): Promise<{ registry: ToolRegistry; hub: McpHub }> {
  const registry = new ToolRegistry();
  const { command, args } = fixtureServer({ name: "fx" });
  const hub = await connectAll({ fx: { command, args } }, registry);
  return { registry, hub };
}

/** The `p`-th percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** `1.23 ms`, `45.6 ms`. */
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** The 1-minute load average now. */
export const loadNow = () => loadavg()[0] ?? 0;

/** Prints `title`, a markdown table and the machine's line (Node, cores, load at start and end). */
export function printReport(
  title: string,
  header: string[],
  rows: string[][],
  loadBefore: number,
): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log(
    `Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} at the start, ${loadNow().toFixed(1)} at the end.`,
  );
  if (loadBefore > availableParallelism())
    console.log("warning: the machine was busy (load above the core count); figures are noisy.");
}
