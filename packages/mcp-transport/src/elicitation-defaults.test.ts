import { describe, expect, it } from "vitest";
import { applyElicitationDefaults } from "./elicitation-defaults.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", default: "John Doe" },
    age: { type: "integer", default: 30 },
    status: { type: "string", enum: ["active", "inactive"], default: "active" },
    verified: { type: "boolean", default: true },
    note: { type: "string" },
  },
};

describe("applyElicitationDefaults", () => {
  it("fills every left-out field that has a default, of each type", () => {
    expect(applyElicitationDefaults(schema, {})).toEqual({
      name: "John Doe",
      age: 30,
      status: "active",
      verified: true,
    });
  });

  it("keeps what the answer set, including false and 0", () => {
    expect(applyElicitationDefaults(schema, { age: 0, verified: false, note: "x" })).toEqual({
      name: "John Doe",
      age: 0,
      status: "active",
      verified: false,
      note: "x",
    });
  });

  it("copes with no content and a schema without properties", () => {
    expect(applyElicitationDefaults({}, undefined)).toEqual({});
  });
});
