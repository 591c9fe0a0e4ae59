// `pnpm mutate [--package NAME]… [--force | --survivors] [--concurrency N]`: mutation testing
// (StrykerJS) of every package that has a stryker.config.mjs, one package at a time, at low
// priority. Incremental: each package keeps its last result in mutation/stryker-incremental.json,
// so a second run only tests the mutants of changed code or tests; --force runs everything
// again; --survivors tests the survivors of the last run again (Stryker 10.1 reuses a
// survivor's result even when a new test would kill it, notably for module-level mutants).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const stryker = join(root, "node_modules", ".bin", "stryker");

/** Folder names of the packages that have a Stryker config, sorted. */
function configuredPackages() {
  return readdirSync(join(root, "packages"))
    .filter((name) => existsSync(join(root, "packages", name, "stryker.config.mjs")))
    .sort();
}

function fail(message) {
  process.stderr.write(`pnpm mutate: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      package: { type: "string", multiple: true },
      force: { type: "boolean", default: false },
      survivors: { type: "boolean", default: false },
      concurrency: { type: "string" },
    },
  }).values;
} catch (error) {
  fail(
    `${error.message}; usage: pnpm mutate [--package NAME]… [--force | --survivors] [--concurrency N]`,
  );
}

const known = configuredPackages();
const wanted = (args.package ?? known).map((name) => name.replace(/^@tinyloop\//, ""));
for (const name of wanted) {
  if (!known.includes(name)) {
    fail(`--package: expected one of ${known.join(", ")}, got "${name}"`);
  }
}
if (args.concurrency !== undefined && !/^[1-9]\d*$/.test(args.concurrency)) {
  fail(`--concurrency: expected a whole number of 1 or more, got "${args.concurrency}"`);
}

const env = { ...process.env, TINYLOOP_MUTATE_CONCURRENCY: args.concurrency ?? "1" };
const scores = [];
let status = 0;
for (const name of wanted) {
  const cwd = join(root, "packages", name);
  process.stdout.write(`\n== mutation testing @tinyloop/${name} ==\n`);
  if (args.survivors) forgetSurvivors(join(cwd, "mutation", "stryker-incremental.json"));
  const strykerArgs = ["run", "stryker.config.mjs", ...(args.force ? ["--force"] : [])];
  const run = spawnSync("nice", ["-n", "10", stryker, ...strykerArgs], {
    cwd,
    env,
    stdio: "inherit",
  });
  if (run.status !== 0) status = 1;
  scores.push(`${name}: ${scoreOf(join(cwd, "reports", "mutation", "mutation.json"), run)}`);
}
process.stdout.write(`\nmutation score (killed + timed out) ÷ (all − ignored):\n`);
for (const line of scores) process.stdout.write(`  ${line}\n`);
process.exit(status);

/** Drops the survived and uncovered mutants from an incremental file, so Stryker tests them anew. */
function forgetSurvivors(incrementalPath) {
  if (!existsSync(incrementalPath)) return;
  const report = JSON.parse(readFileSync(incrementalPath, "utf8"));
  for (const file of Object.values(report.files)) {
    file.mutants = file.mutants.filter((m) => m.status !== "Survived" && m.status !== "NoCoverage");
  }
  writeFileSync(incrementalPath, JSON.stringify(report));
}

/** "85.2 % (173 of 203; 30 survived, 0 not covered)" from Stryker's JSON report. */
function scoreOf(reportPath, run) {
  if (run.status !== 0 || !existsSync(reportPath)) return `no result (stryker exit ${run.status})`;
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status in counts) counts[mutant.status]++;
      else if (mutant.status !== "Ignored") counts.other++;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  const percent = valid === 0 ? "–" : `${((100 * detected) / valid).toFixed(1)} %`;
  return `${percent} (${detected} of ${valid}; ${counts.Survived} survived, ${counts.NoCoverage} not covered)`;
}
