import { describe, expect, it } from "vitest";
import { compactCount } from "./compact-count.js";
import { usageLine } from "./usage-line.js";

describe("usageLine", () => {
  it("says the tokens in and out, and the reasoning tokens when the provider reported them", () => {
    expect(usageLine({ inputTokens: 1234, outputTokens: 340 })).toBe("tokens: 1.2k in · 340 out");
    expect(usageLine({ inputTokens: 1234, outputTokens: 340, reasoningTokens: 120 })).toBe(
      "tokens: 1.2k in · 340 out · 120 reasoning",
    );
    expect(usageLine({ inputTokens: 10, outputTokens: 5, reasoningTokens: 0 })).toBe(
      "tokens: 10 in · 5 out · 0 reasoning",
    );
  });

  it("gives no line when the model reported no usage", () => {
    expect(usageLine({ inputTokens: 0, outputTokens: 0 })).toBeUndefined();
  });

  it("counts compactly", () => {
    expect([840, 1000, 1249, 35_400].map(compactCount)).toEqual(["840", "1k", "1.2k", "35k"]);
  });
});
