import { describe, expect, it } from "vitest";
import { schemaProblems } from "./schema-problems.js";

const note = {
  type: "object",
  properties: { path: { type: "string" }, lines: { type: "integer", minimum: 1 } },
  required: ["path"],
  additionalProperties: false,
};

describe("schemaProblems", () => {
  it("is undefined for a value that meets the schema", () => {
    expect(schemaProblems(note, { path: "a.txt", lines: 3 })).toBeUndefined();
  });

  it("names each violation with its path, in describeViolations' wording", () => {
    expect(schemaProblems(note, { lines: 0, extra: true })).toEqual([
      "path: is required but missing",
      "extra: is not an allowed property (allowed: path, lines)",
      "lines: must be >= 1",
    ]);
  });

  it("leaves a schema it cannot compile to whoever receives the value", () => {
    expect(schemaProblems({ type: "no-such-type" }, { a: 1 })).toBeUndefined();
  });

  it("checks each call against its own schema (nothing kept from an earlier one)", () => {
    const a = (type: string) => ({ type: "object", properties: { a: { type } } });
    expect(schemaProblems(a("string"), { a: 1 })).toEqual(["a: must be string, got integer"]);
    expect(schemaProblems(a("integer"), { a: 1 })).toBeUndefined();
  });
});
