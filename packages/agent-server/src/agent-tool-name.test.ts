import { describe, expect, it } from "vitest";
import { agentToolNameProblem } from "./agent-tool-name.js";

describe("agentToolNameProblem", () => {
  it("accepts a provider-safe name or none", () => {
    expect(agentToolNameProblem(undefined)).toBeUndefined();
    expect(agentToolNameProblem("ask_researcher-2")).toBeUndefined();
  });

  it("names the caller's setting, what it got and the caller's example", () => {
    expect(
      agentToolNameProblem("ask researcher", {
        setting: "--tool-name",
        example: "--tool-name ask_researcher",
      }),
    ).toMatch(
      /^--tool-name: expected 1–64 letters, digits, _ or - \(the name MCP clients and models accept\), got .*ask researcher.*\(example: --tool-name ask_researcher\)$/,
    );
    expect(agentToolNameProblem("x".repeat(65))).toMatch(
      /^toolName: .*example: toolName: "ask_researcher"\)$/,
    );
    expect(agentToolNameProblem(7)).toMatch(/^toolName: .*got a number \(7\)/);
  });
});
