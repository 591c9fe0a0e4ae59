import { describe, expect, it } from "vitest";
import { foldedTerm, searchWords, splitWords } from "./search-terms.js";

describe("splitWords", () => {
  it("splits camelCase, snake_case and kebab-case names into the words of prose", () => {
    expect(splitWords("getWeather")).toEqual(["get", "weather"]);
    expect(splitWords("list_open_issues")).toEqual(["list", "open", "issues"]);
    expect(splitWords("get-tiny-image")).toEqual(["get", "tiny", "image"]);
    expect(splitWords("parseHTTPResponse2")).toEqual(["parse", "http", "response2"]);
  });
});

describe("searchWords", () => {
  it("drops stop words and single letters, keeps digits and does not stem", () => {
    expect(searchWords("Could you please get me the issues of a repo in 2024?")).toEqual([
      "get",
      "issues",
      "repo",
      "2024",
    ]);
    expect(searchWords("x y 5")).toEqual(["5"]);
  });
});

describe("foldedTerm", () => {
  it("gives word forms one marked term, apart from every whole word", () => {
    expect(foldedTerm("verifier")).toBe("~verif");
    expect(foldedTerm("verification")).toBe(foldedTerm("verify"));
    expect(foldedTerm("get")).toBe("~get");
  });
});
