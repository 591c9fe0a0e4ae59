import { describe, expect, it } from "vitest";
import { formatNotRun, planScenarios } from "./scenario-plan.js";

const all = [
  { name: "initialize", tags: ["2025-06-18", "2025-11-25"] },
  { name: "request-metadata", tags: ["2026-07-28"] },
  { name: "auth/dpop", tags: ["extension"] },
  { name: "sep-2640-client-no-prefetch", tags: ["extension"] },
  { name: "auth/resource-mismatch", tags: ["2026-07-28"] },
];
const applicable = ["initialize"];

describe("planScenarios", () => {
  it("runs applicable, extension and forced scenarios, and lists the rest with their reasons", () => {
    const plan = planScenarios(all, applicable, {
      client: { "auth/dpop": "no DPoP yet" },
      forced: { "auth/resource-mismatch": "passes already" },
      notRun: { "request-metadata": "2026-07-28", "sep-2640-client-no-prefetch": "no skills" },
    });
    expect(plan.run).toEqual([
      { name: "initialize", force: false },
      { name: "auth/dpop", force: false, expectedFailure: "no DPoP yet" },
      { name: "auth/resource-mismatch", force: true },
    ]);
    expect(plan.notRun.map((s) => s.name)).toEqual([
      "request-metadata",
      "sep-2640-client-no-prefetch",
    ]);
    expect(plan.unaccounted).toEqual([]);
    expect(plan.problems).toEqual([]);
    expect(formatNotRun(plan.notRun)).toBe(
      "  - request-metadata [2026-07-28]: 2026-07-28\n  - sep-2640-client-no-prefetch [extension]: no skills",
    );
  });

  it("reports a scenario nobody placed, and baseline entries that name no scenario", () => {
    const plan = planScenarios(all, applicable, {
      client: { "gone-scenario": "x" },
      forced: {},
      notRun: { "sep-2640-client-no-prefetch": "no skills" },
    });
    expect(plan.unaccounted).toEqual(["request-metadata", "auth/resource-mismatch"]);
    expect(plan.problems).toEqual(['client["gone-scenario"] names no scenario of the suite']);
  });
});
