import { describe, expect, it } from "vitest";
import { InferenceError } from "./inference-error.js";

describe("InferenceError", () => {
  it("carries a stable code, status, provider and cause", () => {
    const cause = new Error("socket hang up");
    const error = new InferenceError({
      code: "UNREACHABLE",
      message: "Could not reach http://localhost:11434/v1",
      cause,
      provider: "ollama",
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("InferenceError");
    expect(error.code).toBe("UNREACHABLE");
    expect(error.provider).toBe("ollama");
    expect(error.cause).toBe(cause);
    expect(error.status).toBeUndefined();
  });

  it("isInstance recognises copies from another install through the Symbol.for marker", () => {
    const foreign = Object.assign(new Error("x"), {
      [Symbol.for("tinyloop.inference-adapters.InferenceError")]: true,
    });
    expect(InferenceError.isInstance(foreign)).toBe(true);
    expect(InferenceError.isInstance(new Error("x"))).toBe(false);
    expect(InferenceError.isInstance(null)).toBe(false);
    expect(InferenceError.isInstance(new InferenceError({ code: "AUTH", message: "m" }))).toBe(
      true,
    );
  });
});
