import { describe, expect, it } from "vitest";
import { exampleArgumentsText } from "./example-arguments.js";

describe("exampleArgumentsText", () => {
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
    expect(exampleArgumentsText(schema)).toBe(
      '{"a": 0, "path": "text", "mode": "fast", "tags": []}',
    );
  });

  it("is {} when nothing is required", () => {
    expect(exampleArgumentsText({ type: "object", properties: { x: { type: "string" } } })).toBe(
      "{}",
    );
  });
});
