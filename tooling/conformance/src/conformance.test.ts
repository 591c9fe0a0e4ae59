import { describe, expect, it } from "vitest";
import {
  listClientScenarios,
  readBaseline,
  runScenario,
  SPEC_VERSION,
} from "./conformance-suite.js";
import { formatNotRun, planScenarios } from "./scenario-plan.js";

// Every client scenario of the pinned @modelcontextprotocol/conformance: those it applies to
// SPEC_VERSION and the extension scenarios are run, plus the `forced` ones of other
// versions; the rest are listed in conformance-baseline.json's `notRun` with the reason, and
// printed. A run scenario fails the test unless it passes, or fails and `client` lists why;
// a listed scenario that passes fails too (stale baseline).
const all = await listClientScenarios();
const applicable = (await listClientScenarios(SPEC_VERSION)).map((scenario) => scenario.name);
const plan = planScenarios(all, applicable, readBaseline());

describe(`MCP conformance, client scenarios (spec ${SPEC_VERSION} and extensions)`, () => {
  it("accounts for every scenario of the pinned suite, and prints those it does not run", () => {
    console.log(
      `conformance: ${all.length} client scenarios; ${plan.run.length} run, ${plan.notRun.length} not run:\n${formatNotRun(plan.notRun)}`,
    );
    expect(applicable.length).toBeGreaterThan(10);
    expect(plan.problems).toEqual([]);
    expect(plan.unaccounted, "add these to conformance-baseline.json (run or notRun)").toEqual([]);
  });

  for (const scenario of plan.run) {
    const title = scenario.force ? `${scenario.name} (--force)` : scenario.name;
    it(title, { timeout: 90_000 }, async () => {
      const outcome = await runScenario(scenario.name, { force: scenario.force });
      const summary = outcome.failedChecks.map((check) => `${check.id}: ${check.message}`);
      if (scenario.expectedFailure === undefined) {
        expect(
          outcome.passed,
          `${scenario.name} failed:\n${summary.join("\n")}\n${outcome.output}`,
        ).toBe(true);
      } else {
        expect(
          outcome.passed,
          `${scenario.name} passes now: remove it from conformance-baseline.json`,
        ).toBe(false);
      }
    });
  }
});
