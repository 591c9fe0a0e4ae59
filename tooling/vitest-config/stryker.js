// The Stryker settings every package's `stryker.config.mjs` starts from (`pnpm mutate`).

/**
 * A package's Stryker config: its `mutate` list, run against the tests named in its
 * `vitest.mutate.config.ts`, incrementally (the result of the last run is kept in
 * `mutation/stryker-incremental.json`, committed, so only changed code and tests run again).
 * Concurrency comes from `TINYLOOP_MUTATE_CONCURRENCY` (default 1: the machines are small
 * and shared). A test runner that dies is restarted by Stryker; its mutant is retried.
 * @param {{ mutate: string[] }} options
 */
export function tinyloopStrykerConfig({ mutate }) {
  return {
    packageManager: "pnpm",
    plugins: ["@stryker-mutator/vitest-runner"],
    testRunner: "vitest",
    vitest: { configFile: "vitest.mutate.config.ts", pool: "forks", related: false },
    coverageAnalysis: "perTest",
    mutate,
    incremental: true,
    incrementalFile: "mutation/stryker-incremental.json",
    concurrency: Number(process.env.TINYLOOP_MUTATE_CONCURRENCY ?? 1),
    // A fresh runner every 25 mutants keeps leaked handles of killed mutants from piling up.
    maxTestRunnerReuse: 25,
    // Generous: the machine is loaded; a real infinite loop still times out.
    timeoutMS: 15_000,
    timeoutFactor: 3,
    dryRunTimeoutMinutes: 30,
    reporters: ["clear-text", "progress-append-only", "json", "html"],
    jsonReporter: { fileName: "reports/mutation/mutation.json" },
    htmlReporter: { fileName: "reports/mutation/mutation.html" },
    clearTextReporter: { allowColor: false, logTests: true, maxTestsToLog: 0 },
    thresholds: { high: 90, low: 80, break: null },
    tempDirName: ".stryker-tmp",
    ignorePatterns: ["dist", ".turbo", "reports", ".vitest-results.json"],
  };
}
