import { describe, expect, it } from "vitest";
import { McpTransportError } from "./errors.js";
import { checkWhileReconnecting } from "./while-reconnecting.js";

describe("checkWhileReconnecting", () => {
  it("passes the two choices and undefined", () => {
    expect(checkWhileReconnecting("wait", "options", "fx")).toBe("wait");
    expect(checkWhileReconnecting("fail", "options", "fx")).toBe("fail");
    expect(checkWhileReconnecting(undefined, "options", "fx")).toBeUndefined();
  });

  it("rejects anything else with CONFIG_INVALID naming where, what and the choices", () => {
    let thrown: unknown;
    try {
      checkWhileReconnecting("retry", 'callTool "echo" options', "fx");
    } catch (error) {
      thrown = error;
    }
    expect(McpTransportError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      code: "CONFIG_INVALID",
      server: "fx",
      message:
        'callTool "echo" options.whileReconnecting: expected "wait" or "fail", got "retry" (example: whileReconnecting: "fail")',
    });
  });
});
