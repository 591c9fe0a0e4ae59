import { describe, expect, it } from "vitest";
import { queryClauses } from "./query-clauses.js";

describe("queryClauses", () => {
  it("splits a request into its asks at sentence ends and joining words", () => {
    expect(
      queryClauses("Find the anime with ID 87654. Also, can you search for movies about comedy?"),
    ).toEqual(["Find the anime with ID 87654.", "can you search for movies about comedy?"]);
    expect(queryClauses("Get the weather in Paris and convert 5 USD to EUR")).toEqual([
      "Get the weather in Paris",
      "convert 5 USD to EUR",
    ]);
  });

  it("keeps a one-ask query whole and drops clauses without a search word", () => {
    expect(queryClauses("list open issues")).toEqual(["list open issues"]);
    expect(queryClauses("read the file. And then?")).toEqual(["read the file."]);
    expect(queryClauses("and")).toEqual(["and"]);
  });
});
