/**
 * Sandboxed start-up benchmark (issue 46): wall and CPU time of `tinyloop mcp tools` on one
 * stdio server (the fixture) with `--sandbox` against the same command with `--no-sandbox`,
 * measured in the same run, taking turns. Target: sandboxed ≤ 1.2× unconfined. The extra
 * milliseconds are printed too (both sides include the CLI's own start).
 *   pnpm --filter @tinyloop/bench run bench:sandbox [-- --runs N] [--settle SECONDS]
 * Needs a built tree, bubblewrap, socat and ripgrep, and a Node ≥ 22.12 for the sandbox
 * runtime (this Node, or TINYLOOP_SANDBOX_NODE); without them it says what is missing and
 * measures nothing. Prints a markdown table on stdout.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { median } from "./median.js";
import { settleLoad } from "./settle-load.js";
import { type CommandTime, timeCommand } from "./time-command.js";

const TARGET = 1.2;
const argv = process.argv.slice(2);
const { values } = parseArgs({
  args: argv[0] === "--" ? argv.slice(1) : argv,
  options: { runs: { type: "string", default: "11" }, settle: { type: "string", default: "240" } },
});
const runs = Number(values.runs);
const settleSeconds = Number(values.settle);
if (!Number.isInteger(runs) || runs < 1) {
  throw new Error(`--runs: expected a whole number ≥ 1, got ${JSON.stringify(values.runs)}`);
}
if (!Number.isInteger(settleSeconds) || settleSeconds < 0) {
  throw new Error(`--settle: expected a whole number ≥ 0, got ${JSON.stringify(values.settle)}`);
}

const tinyloopBin = fileURLToPath(
  new URL("../node_modules/tinyloop/bin/tinyloop.js", import.meta.url),
);
const server = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixtureServerPath)}`;
const dir = mkdtempSync(join(tmpdir(), "tinyloop-sandbox-bench-"));
const sides = [
  { id: "mcp tools, 1 server, --no-sandbox", flag: "--no-sandbox" },
  { id: "mcp tools, 1 server, --sandbox", flag: "--sandbox" },
] as const;
const timeOnce = (flag: string): CommandTime =>
  timeCommand(flag, "bash", [
    "-c",
    `cd ${JSON.stringify(dir)} && exec "$@"`,
    "bench",
    process.execPath,
    tinyloopBin,
    "mcp",
    "tools",
    "--server",
    server,
    flag,
  ]);

// A sandbox that cannot be set up fails the command: say why once, measure nothing.
const probe = spawnSync(
  process.execPath,
  [tinyloopBin, "mcp", "tools", "--server", server, "--sandbox"],
  { cwd: dir, encoding: "utf8" },
);
if (probe.status !== 0) {
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(
    `Sandboxed start-up not measured: a sandboxed server did not start here.\n${probe.stderr.trim().split("\n").slice(-3).join("\n")}\n`,
  );
  process.exit(0);
}

const settled = await settleLoad({
  maxWaitMs: settleSeconds * 1000,
  onWait: (load, waited) =>
    process.stderr.write(
      `load average ${load.toFixed(1)}: waiting for the machine to settle (${waited} s of ${settleSeconds} s)\n`,
    ),
});
const times = new Map<string, CommandTime[]>(sides.map((side) => [side.id, []]));
try {
  for (const side of sides) timeOnce(side.flag); // warm-up: file cache, package cache
  for (let round = 0; round < runs; round++) {
    // Alternate which goes first, so that a burst of load falls on both alike.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) times.get(side.id)?.push(timeOnce(side.flag));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const wallOf = (id: string) => median((times.get(id) ?? []).map((time) => time.wallMs));
const cpuOf = (id: string) => median((times.get(id) ?? []).map((time) => time.cpuMs));
const [base, boxed] = sides.map((side) => side.id) as [string, string];
const wallRatio = wallOf(boxed) / wallOf(base);
const lines = [
  `Sandboxed start-up, medians of ${runs} runs (Node ${process.versions.node}; load average ${settled.after.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end):`,
  "",
  "| command | wall median | ÷ unconfined | CPU median (user + sys) | ÷ unconfined |",
  "|---|---|---|---|---|",
];
for (const id of [base, boxed]) {
  lines.push(
    `| ${id} | ${wallOf(id).toFixed(0)} ms | ${(wallOf(id) / wallOf(base)).toFixed(2)}× | ${cpuOf(id).toFixed(0)} ms | ${(cpuOf(id) / cpuOf(base)).toFixed(2)}× |`,
  );
}
lines.push(
  "",
  `Sandboxed costs ${(wallOf(boxed) - wallOf(base)).toFixed(0)} ms more; wall ratio ${wallRatio.toFixed(2)}× against a target of ≤ ${TARGET.toFixed(1)}×: ${wallRatio <= TARGET ? "met" : "**not met**"}.`,
);
process.stdout.write(`${lines.join("\n")}\n`);
