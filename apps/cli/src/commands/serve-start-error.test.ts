import { AgentServerError, checkServerOptions, createAgentServer } from "@tinyloop/agent-server";
import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { serveStartError } from "./serve-start-error.js";

const thrown = (attempt: () => unknown): unknown => {
  try {
    attempt();
  } catch (error) {
    return error;
  }
  throw new Error("expected the attempt to throw");
};

describe("serveStartError", () => {
  it("makes the agent server's setup errors usage errors (exit 2), with their message", () => {
    const keyRequired = thrown(() => checkServerOptions({ host: "0.0.0.0" }));
    const mapped = serveStartError(keyRequired);
    expect(CliError.isInstance(mapped) && mapped.code).toBe("USAGE");
    expect((mapped as Error).message).toBe((keyRequired as Error).message);
  });

  it("leaves TOOL_SEARCH_TAKEN as it is, which the CLI reports on one line with exit 1, as run does", () => {
    const registry = new ToolRegistry();
    registry.register(
      { name: "tool_search", toolset: "docs", description: "", inputSchema: { type: "object" } },
      () => "",
    );
    const taken = thrown(() =>
      createAgentServer({ model: createReplayModel({ cassette: [] }), registry }),
    );
    expect(AgentServerError.isInstance(taken) && taken.code).toBe("TOOL_SEARCH_TAKEN");
    expect(serveStartError(taken)).toBe(taken);
    expect(CliError.isInstance(serveStartError(taken))).toBe(false);
  });

  it("throws other errors unchanged", () => {
    const other = new Error("socket closed");
    expect(serveStartError(other)).toBe(other);
  });
});
