import { describe, expect, it } from "vitest";
import { phaseLabel } from "./server-phase.js";

describe("phaseLabel", () => {
  const base = { name: "fx", state: "idle" as const, toolCount: 3, lastError: undefined };

  it("names a lazy server's phase, and always-loaded servers", () => {
    expect(phaseLabel({ ...base, phase: "manifest-known", lazy: true, alwaysLoad: false })).toBe(
      "  manifest-known · lazy",
    );
    expect(phaseLabel({ ...base, phase: "started", lazy: false, alwaysLoad: true })).toBe(
      "  always loaded",
    );
  });

  it("adds nothing for a plain eager server", () => {
    expect(phaseLabel({ ...base, phase: "started", lazy: false, alwaysLoad: false })).toBe("");
  });
});
