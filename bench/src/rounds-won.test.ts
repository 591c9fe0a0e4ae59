import { describe, expect, it } from "vitest";
import { contenderResult, wallScenarioResult } from "./__fixtures__/scenario-results.js";
import { roundsWon } from "./rounds-won.js";

function scenario(walls: Record<string, number[] | "failed">) {
  return wallScenarioResult(
    Object.entries(walls).map(([id, wallMs]) =>
      wallMs === "failed"
        ? contenderResult(id, { status: "failed", reason: "exit code 1", wallMs: [1, 1] })
        : contenderResult(id, { wallMs }),
    ),
  );
}

describe("roundsWon", () => {
  it("counts the rounds in which tinyloop beat every peer, round by round", () => {
    const result = roundsWon(
      scenario({
        "loop-floor": [1, 1, 1],
        tinyloop: [100, 200, 300],
        "tiny-agents": [150, 190, 310],
        "ai-sdk": [120, 250, 290],
      }),
    );
    // Round 1: ahead of both; round 2: tiny-agents was faster; round 3: ai-sdk was faster.
    expect(result).toEqual({ won: 1, rounds: 3 });
  });

  it("compares with the peers only, not with the floors, and counts a tie as not won", () => {
    expect(
      roundsWon(scenario({ floor: [1, 1], tinyloop: [100, 100], "openai-agents": [200, 100] })),
    ).toEqual({ won: 1, rounds: 2 });
  });

  it("leaves out a failed peer, and has no count without tinyloop's or any peer's runs", () => {
    expect(
      roundsWon(scenario({ tinyloop: [100], "tiny-agents": "failed", "ai-sdk": [90] })),
    ).toEqual({ won: 0, rounds: 1 });
    expect(roundsWon(scenario({ tinyloop: [100], "tiny-agents": "failed" }))).toBeUndefined();
    expect(roundsWon(scenario({ "tiny-agents": [100] }))).toBeUndefined();
  });
});
