import type { AgentFile } from "@tinyloop/agent-files";
import { sessionStartEvent } from "@tinyloop/agent-session";
import { resolveModelChoice } from "@tinyloop/agent-session/model-choice";
import { describe, expect, it } from "vitest";
import { sessionStartLine } from "./session-start-line.js";

const agentFile = (file?: string): AgentFile => ({
  format: "mcp-servers",
  name: "test",
  inputs: [],
  servers: [],
  warnings: [],
  ...(file ? { file } : {}),
});

describe("sessionStartLine", () => {
  it("names the agent and the model, a replayed model saying so", () => {
    const file = agentFile("/work/agent.json");
    const openai = resolveModelChoice(file, { provider: "openai", model: "gpt-4o-mini" }, {});
    expect(sessionStartLine(sessionStartEvent(file, openai.plan, openai.choice), openai.plan)).toBe(
      "/work/agent.json · model: openai gpt-4o-mini",
    );
    const replay = resolveModelChoice(agentFile(), { cassette: "/tmp/demo.jsonl" }, {});
    const start = sessionStartEvent(agentFile(), replay.plan, replay.choice);
    expect(sessionStartLine(start, replay.plan)).toMatch(
      /^default agent · model: .*demo\.jsonl — the model's turns are replayed; the tool calls are real$/,
    );
  });
});
