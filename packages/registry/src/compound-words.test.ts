import { describe, expect, it } from "vitest";
import { compoundParts } from "./compound-words.js";

const known = new Set(["email", "verifier", "get", "forecast", "weather", "cast", "fore"]);
const isWord = (word: string) => known.has(word);

describe("compoundParts", () => {
  it("splits a run-together name into the fewest known words", () => {
    expect(compoundParts("emailverifier", isWord)).toEqual(["email", "verifier"]);
    expect(compoundParts("getforecastweather", isWord)).toEqual(["get", "forecast", "weather"]);
  });

  it("leaves known words, short words and names with an unknown part alone", () => {
    expect(compoundParts("forecast", isWord)).toBeUndefined();
    expect(compoundParts("getfo", isWord)).toBeUndefined();
    expect(compoundParts("emailxverifier", isWord)).toBeUndefined();
  });
});
