import { describe, expect, it } from "vitest";
import { exampleArguments } from "./example-arguments.js";

describe("exampleArguments", () => {
  it("gives the required properties a value of their type, or the schema's own", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "number" },
        path: { type: "string" },
        mode: { type: "string", enum: ["fast", "slow"] },
        tags: { type: "array" },
        optional: { type: "string" },
      },
      required: ["a", "path", "mode", "tags"],
    };
    expect(exampleArguments(schema)).toBe('{"a": 0, "path": "text", "mode": "fast", "tags": []}');
  });

  it("is {} when nothing is required", () => {
    expect(exampleArguments({ type: "object", properties: { x: { type: "string" } } })).toBe("{}");
  });
});
