import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";

describe("AgentError", () => {
  it("carries code, message, cause and its name", () => {
    const cause = new Error("root");
    const error = new AgentError({ code: "INPUT_INVALID", message: "bad input", cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "AgentError",
      code: "INPUT_INVALID",
      message: "bad input",
    });
    expect(error.cause).toBe(cause);
    expect(new AgentError({ code: "OPTIONS_INVALID", message: "x" }).cause).toBeUndefined();
  });

  it("isInstance recognises it by its Symbol.for marker, also from another copy", () => {
    expect(AgentError.isInstance(new AgentError({ code: "RUN_IN_PROGRESS", message: "m" }))).toBe(
      true,
    );
    const fromAnotherCopy = { [Symbol.for("tinyloop.agent-loop.AgentError")]: true };
    expect(AgentError.isInstance(fromAnotherCopy)).toBe(true);
    expect(AgentError.isInstance(new Error("plain"))).toBe(false);
    expect(AgentError.isInstance(null)).toBe(false);
    expect(AgentError.isInstance({ code: "INPUT_INVALID" })).toBe(false);
  });
});
