import { describe, expect, it } from "vitest";
import {
  listClientScenarios,
  readBaseline,
  runScenario,
  SPEC_VERSION,
} from "./conformance-suite.js";

// Every client scenario of the pinned @modelcontextprotocol/conformance for SPEC_VERSION.
// A scenario fails the run unless it passes, or fails and is listed with its reason in
// conformance-baseline.json; a listed scenario that passes fails too (stale baseline).
const scenarios = await listClientScenarios();
const baseline = readBaseline();

describe(`MCP conformance, client scenarios of ${SPEC_VERSION}`, () => {
  it("lists the scenarios of the pinned suite, and the baseline names only those", () => {
    expect(scenarios.length).toBeGreaterThan(10);
    expect(Object.keys(baseline).filter((name) => !scenarios.includes(name))).toEqual([]);
  });

  for (const scenario of scenarios) {
    it(scenario, { timeout: 90_000 }, async () => {
      const outcome = await runScenario(scenario);
      const expectedFailure = baseline[scenario];
      const summary = outcome.failedChecks.map((check) => `${check.id}: ${check.message}`);
      if (expectedFailure === undefined) {
        expect(
          outcome.passed,
          `${scenario} failed:\n${summary.join("\n")}\n${outcome.output}`,
        ).toBe(true);
      } else {
        expect(
          outcome.passed,
          `${scenario} passes now: remove it from conformance-baseline.json`,
        ).toBe(false);
      }
    });
  }
});
