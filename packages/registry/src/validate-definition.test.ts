import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "./types.js";
import { assertIsObject, assertValidDefinition } from "./validate-definition.js";

const good: ToolDefinition = {
  name: "t",
  description: "",
  inputSchema: { type: "object" },
  toolset: "builtin",
};

describe("assertValidDefinition", () => {
  it("accepts a complete definition", () => {
    expect(() =>
      assertValidDefinition(
        {
          ...good,
          annotations: { readOnlyHint: true },
          outputSchema: { type: "object" },
          source: { server: "github", tool: "list_issues" },
        },
        () => "",
      ),
    ).not.toThrow();
  });

  it.each([
    [{ description: undefined }, /description: expected a string, got nothing/],
    [{ inputSchema: [] }, /inputSchema: expected a JSON Schema object, got an empty list/],
    [{ inputSchema: null }, /inputSchema: .*got null/],
    [{ toolset: "" }, /toolset: expected a non-empty string, got an empty string/],
    [{ annotations: "x" }, /annotations: expected an object/],
    [{ outputSchema: true }, /outputSchema: expected a JSON Schema object, got a boolean/],
    [{ source: { server: "s" } }, /source: expected \{ server: string, tool: string \}/],
  ])("refuses %j naming the field", (patch, message) => {
    expect(() => assertValidDefinition({ ...good, ...patch } as never, () => "")).toThrow(
      expect.objectContaining({
        code: "DEFINITION_INVALID",
        message: expect.stringMatching(message),
      }),
    );
  });

  it("refuses a handler that is not a function", () => {
    expect(() => assertValidDefinition(good, "nope")).toThrow(
      /handler: expected a function, got a string/,
    );
  });

  it("refuses a definition that is not an object", () => {
    expect(() => assertIsObject(undefined)).toThrow(
      expect.objectContaining({
        code: "DEFINITION_INVALID",
        message: expect.stringContaining(
          "expected a definition object { name, description, inputSchema, toolset }, got nothing",
        ),
      }),
    );
    expect(() => assertIsObject(good)).not.toThrow();
  });
});
