import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, schemaTooLarge } from "./schema-bounds.js";

function nested(depth: number): unknown {
  let inner: unknown = { type: "string" };
  for (let i = 0; i < depth; i++) inner = { type: "object", properties: { x: inner } };
  return inner;
}

describe("schemaTooLarge", () => {
  it("accepts ordinary schemas and rejects too deep or too many values, without recursing", () => {
    expect(schemaTooLarge(nested(10))).toBeUndefined();
    expect(schemaTooLarge("not an object")).toBeUndefined();
    expect(schemaTooLarge(nested(100_000))).toBe(
      `it nests more than ${MAX_SCHEMA_DEPTH} levels deep`,
    );
    const wide = {
      type: "object",
      enum: Array.from({ length: MAX_SCHEMA_NODES + 1 }, (_, i) => i),
    };
    expect(schemaTooLarge(wide)).toBe(`it has more than ${MAX_SCHEMA_NODES} values`);
  });
});
