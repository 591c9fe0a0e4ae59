import type { Baseline, SuiteScenario } from "./conformance-suite.js";

/** One scenario the test runs. */
export interface PlannedScenario {
  name: string;
  /** Run with `--force`: a scenario of another spec version, listed in `forced`. */
  force: boolean;
  /** Why it is expected to fail, when the baseline says so. */
  expectedFailure?: string;
}

/** One scenario the test does not run, and why. */
export interface SkippedScenario {
  name: string;
  tags: string[];
  reason: string;
}

/** What the conformance test does with every scenario of the suite. */
export interface ScenarioPlan {
  run: PlannedScenario[];
  notRun: SkippedScenario[];
  /** Scenarios of the suite the plan has no place for (neither run nor listed with a reason). */
  unaccounted: string[];
  /** Baseline entries that name no scenario of the suite, or a scenario twice. */
  problems: string[];
}

/**
 * Sorts the suite's client scenarios: those it applies to the spec version under test and
 * the extension scenarios are run unless `notRun` gives a reason; `forced` ones (other
 * versions) are run with `--force`; everything else must be in `notRun` with its reason,
 * or it is `unaccounted` — so a new suite version cannot add a scenario nobody looked at.
 */
export function planScenarios(
  all: readonly SuiteScenario[],
  applicable: readonly string[],
  baseline: Baseline,
): ScenarioPlan {
  const names = new Set(all.map((scenario) => scenario.name));
  const problems: string[] = [];
  for (const key of ["client", "forced", "notRun"] as const) {
    for (const name of Object.keys(baseline[key])) {
      if (!names.has(name)) problems.push(`${key}["${name}"] names no scenario of the suite`);
    }
  }
  for (const name of Object.keys(baseline.notRun)) {
    if (name in baseline.forced) problems.push(`"${name}" is both forced and notRun`);
  }
  const plan: ScenarioPlan = { run: [], notRun: [], unaccounted: [], problems };
  for (const scenario of all) {
    const { name, tags } = scenario;
    const reason = baseline.notRun[name];
    const runsByDefault = applicable.includes(name) || tags.includes("extension");
    const forced = name in baseline.forced;
    if (reason !== undefined && !forced) {
      plan.notRun.push({ name, tags, reason });
    } else if (runsByDefault || forced) {
      const expectedFailure = baseline.client[name];
      plan.run.push({
        name,
        force: forced,
        ...(expectedFailure === undefined ? {} : { expectedFailure }),
      });
    } else {
      plan.unaccounted.push(name);
    }
  }
  return plan;
}

/** The not-run list as the test prints it: one line per scenario, with its tags and reason. */
export function formatNotRun(notRun: readonly SkippedScenario[]): string {
  return notRun
    .map((scenario) => `  - ${scenario.name} [${scenario.tags.join(",")}]: ${scenario.reason}`)
    .join("\n");
}
