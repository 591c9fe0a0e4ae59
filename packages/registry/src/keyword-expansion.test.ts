import { describe, expect, it } from "vitest";
import { keywordExpansion, withinOneEdit } from "./keyword-expansion.js";

describe("withinOneEdit", () => {
  it("accepts one inserted, deleted or changed letter and nothing more", () => {
    expect(withinOneEdit("isues", "issues")).toBe(true);
    expect(withinOneEdit("issues", "isues")).toBe(true);
    expect(withinOneEdit("screnshoot", "screenshot")).toBe(false);
    expect(withinOneEdit("screnshot", "screenshot")).toBe(true);
    expect(withinOneEdit("issuez", "issues")).toBe(true);
    expect(withinOneEdit("issu", "issues")).toBe(false);
  });
});

describe("keywordExpansion", () => {
  it("weighs word beginnings and one-typo words below the word, and skips folded terms", () => {
    const known = ["forecast", "forex", "issues", "~forec", "for"];
    expect(keywordExpansion("forec", known)).toEqual(
      new Map([
        ["forecast", 0.375],
        ["forex", 0.45],
      ]),
    );
    expect(keywordExpansion("isues", known)).toEqual(new Map([["issues", 0.45]]));
    expect(keywordExpansion("fo", known)).toEqual(new Map());
  });
});
