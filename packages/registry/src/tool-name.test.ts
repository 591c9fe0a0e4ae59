import { describe, expect, it } from "vitest";
import { RegistryError } from "./registry-error.js";
import { assertValidToolName, isValidToolName } from "./tool-name.js";

describe("tool names", () => {
  it.each(["read_file", "get-sum", "A1", "x".repeat(64)])("accepts %s", (name) => {
    expect(isValidToolName(name)).toBe(true);
    expect(() => assertValidToolName(name)).not.toThrow();
  });

  it.each([
    ["", /"" \(empty\)/],
    ["read file", /"read file" \(not allowed: " "\)/],
    ["fs.read", /not allowed: "\."/],
    ["x".repeat(65), /65 characters, at most 64 allowed/],
    ["ünïcode", /not allowed: "ü" "ï"/],
  ])("refuses %j with NAME_INVALID naming the problem and the rule", (name, detail) => {
    const error = catchError(() => assertValidToolName(name));
    expect(RegistryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "NAME_INVALID" });
    expect((error as Error).message).toMatch(detail);
    expect((error as Error).message).toContain("^[a-zA-Z0-9_-]{1,64}$");
  });

  it("refuses non-strings", () => {
    expect(isValidToolName(42)).toBe(false);
    expect(catchError(() => assertValidToolName(undefined))).toMatchObject({
      code: "NAME_INVALID",
      message: expect.stringContaining("(undefined)"),
    });
  });
});

function catchError(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
