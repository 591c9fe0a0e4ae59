/**
 * Start-up benchmark (issues 13 and 50): wall and CPU time (user + system) of `tinyloop
 * --version`, `tinyloop --help` and `tinyloop config check` on a ten-server file, each against
 * `node -e 0` measured in the same run, interleaved so that background load falls on all
 * alike. A target is met when both ratios are within it: CPU time barely moves under load,
 * wall time is what a user waits for.
 *   pnpm --filter @tinyloop/bench run bench:startup [-- --runs N] [--settle SECONDS]
 * Before measuring it waits (default up to 240 s; `--settle 0` does not) for the 1-minute load
 * average to fall to the core count, as the e2e suite does.
 * Prints a markdown table on stdout; needs a built tree.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { median } from "./median.js";
import { settleLoad } from "./settle-load.js";
import { type CommandTime, timeCommand } from "./time-command.js";

const argv = process.argv.slice(2);
const { values } = parseArgs({
  args: argv[0] === "--" ? argv.slice(1) : argv,
  options: { runs: { type: "string", default: "15" }, settle: { type: "string", default: "240" } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  throw new Error(`--runs: expected a whole number ≥ 1, got ${JSON.stringify(values.runs)}`);
}

const settleSeconds = Number(values.settle);
if (!Number.isInteger(settleSeconds) || settleSeconds < 0) {
  throw new Error(`--settle: expected a whole number ≥ 0, got ${JSON.stringify(values.settle)}`);
}
const settled = await settleLoad({
  maxWaitMs: settleSeconds * 1000,
  onWait: (load, waited) =>
    process.stderr.write(
      `load average ${load.toFixed(1)}: waiting for the machine to settle (${waited} s of ${settleSeconds} s)\n`,
    ),
});

const loadAverage = () => loadavg()[0] ?? 0;

const tinyloopBin = fileURLToPath(
  new URL("../node_modules/tinyloop/bin/tinyloop.js", import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), "tinyloop-startup-"));
const configFile = join(dir, "mcp.json");
const mcpServers = Object.fromEntries(
  Array.from({ length: 10 }, (_, index) => [
    `s${index}`,
    { command: process.execPath, args: [fixtureServerPath], env: { MODE: "bench" } },
  ]),
);
writeFileSync(configFile, JSON.stringify({ mcpServers }, null, 2));

interface Command {
  id: string;
  args: string[];
  /** Ceiling of its median ÷ `node -e 0`'s; absent for the baseline. */
  maxRatio?: number;
}

const commands: Command[] = [
  { id: "node -e 0", args: ["-e", "0"] },
  { id: "tinyloop --version", args: [tinyloopBin, "--version"], maxRatio: 1.2 },
  { id: "tinyloop --help", args: [tinyloopBin, "--help"], maxRatio: 1.5 },
  {
    id: "tinyloop config check (10 servers)",
    args: [tinyloopBin, "config", "check", configFile],
    maxRatio: 1.5,
  },
];

function timeOnce(command: Command): CommandTime {
  return timeCommand(command.id, process.execPath, command.args);
}

const times = new Map(commands.map((command) => [command.id, [] as CommandTime[]]));
try {
  // One warm-up round fills the OS file cache; then rounds take turns.
  for (const command of commands) timeOnce(command);
  for (let round = 0; round < runs; round++) {
    for (const command of commands) times.get(command.id)?.push(timeOnce(command));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const wallOf = (id: string) => median((times.get(id) ?? []).map((time) => time.wallMs));
const cpuOf = (id: string) => median((times.get(id) ?? []).map((time) => time.cpuMs));
const baseWall = wallOf("node -e 0");
const baseCpu = cpuOf("node -e 0");
const lines = [
  `Start-up, medians of ${runs} runs (Node ${process.versions.node}; load average ${settled.after.toFixed(1)} at the start${settled.waitedSeconds > 0 ? `, after waiting ${settled.waitedSeconds} s` : ""}, ${loadAverage().toFixed(1)} at the end):`,
  "",
  "| command | wall median | ÷ node -e 0 | CPU median (user + sys) | ÷ node -e 0 | target (both) | met |",
  "|---|---|---|---|---|---|---|",
];
for (const command of commands) {
  const wallRatio = wallOf(command.id) / baseWall;
  const cpuRatio = cpuOf(command.id) / baseCpu;
  const max = command.maxRatio;
  const met = max === undefined ? "–" : wallRatio <= max && cpuRatio <= max ? "yes" : "**no**";
  const target = max === undefined ? "(baseline)" : `≤ ${max.toFixed(2)}×`;
  lines.push(
    `| ${command.id} | ${wallOf(command.id).toFixed(0)} ms | ${wallRatio.toFixed(2)}× | ${cpuOf(command.id).toFixed(0)} ms | ${cpuRatio.toFixed(2)}× | ${target} | ${met} |`,
  );
}
process.stdout.write(`${lines.join("\n")}\n`);
