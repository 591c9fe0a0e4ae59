import { describe, expect, it } from "vitest";
import {
  agentToolDescription,
  agentToolName,
  agentToolPrompt,
  parseAgentToolInput,
} from "./agent-tool.js";

describe("agentToolName", () => {
  it("is ask_ and the agent's name, lower-cased and provider-safe", () => {
    expect(agentToolName("researcher")).toBe("ask_researcher");
    expect(agentToolName("My Researcher.v2")).toBe("ask_my_researcher_v2");
    expect(agentToolName(undefined)).toBe("ask_agent");
    expect(agentToolName("ü")).toBe("ask_agent");
    expect(agentToolName("x".repeat(100))).toHaveLength(64);
  });
});

describe("agentToolDescription", () => {
  it("takes the given description, else the prompt's first paragraph", () => {
    expect(agentToolDescription({ agentName: "r", description: " Finds papers. " })).toBe(
      "Finds papers.",
    );
    const fromPrompt = agentToolDescription({
      agentName: "researcher",
      systemPrompt: "You find papers.\n\nNever guess.",
    });
    expect(fromPrompt).toContain('the agent "researcher"');
    expect(fromPrompt).toContain("You find papers.");
    expect(fromPrompt).not.toContain("Never guess.");
  });
});

describe("parseAgentToolInput", () => {
  it("reads the task and the optional context", () => {
    expect(parseAgentToolInput({ task: "go" })).toEqual({ task: "go" });
    expect(parseAgentToolInput({ task: "go", context: "c" })).toEqual({ task: "go", context: "c" });
  });

  it("names what is wrong, with the right form", () => {
    const noTask = parseAgentToolInput({});
    expect(noTask).toEqual({
      error: expect.stringMatching(/^task: expected a non-empty string, got .*example: \{"task"/),
    });
    const badContext = parseAgentToolInput({ task: "go", context: 3 });
    expect(badContext).toEqual({
      error: expect.stringMatching(/^context: expected a string.*got a number/),
    });
  });

  it("puts the context before the task in the prompt", () => {
    expect(agentToolPrompt({ task: "t", context: "c" })).toBe("Context:\nc\n\nTask:\nt");
    expect(agentToolPrompt({ task: "t" })).toBe("t");
  });
});
