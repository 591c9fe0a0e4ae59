import { consumeRun } from "@tinyloop/agent-loop";
import { InferenceError } from "@tinyloop/inference-adapters";
import { describe, expect, it } from "vitest";
import { agentFile, stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { resolveModelChoice } from "./model-choice.js";
import { serverStateEvents, toJsonLine } from "./session-events.js";
import { sessionStartEvent } from "./session-start.js";

const sessions = useFixtureSessions();

describe("session events", () => {
  it("announce the start as data, a replayed model saying so", () => {
    const file = { ...agentFile([]), file: "/work/agent.json" };
    const openai = resolveModelChoice(file, { provider: "openai", model: "gpt-4o-mini" }, {});
    expect(sessionStartEvent(file, openai.plan, openai.choice)).toEqual({
      type: "session",
      agent: "/work/agent.json",
      provider: "openai",
      model: "gpt-4o-mini",
      replay: false,
    });
    const replay = resolveModelChoice(agentFile([]), { cassette: "/tmp/demo.jsonl" }, {});
    expect(sessionStartEvent(agentFile([]), replay.plan, replay.choice)).toMatchObject({
      provider: "replay",
      replay: true,
    });
  });

  it("give a server event per connected server, and NDJSON lines with errors as data", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "Hi." }]);
    expect(serverStateEvents(session.hub)).toEqual([
      { type: "server", server: "fx", state: "ready", tools: 15 },
    ]);
    const { done } = await consumeRun(session.agent.run("hi"));
    const line = toJsonLine(done);
    expect(line.endsWith("}\n")).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ type: "done", reason: "completed", text: "Hi." });
    const error = new InferenceError({ code: "RATE_LIMITED", message: "slow down" });
    expect(JSON.parse(toJsonLine({ ...done, reason: "error", error }))).toMatchObject({
      error: { name: "InferenceError", code: "RATE_LIMITED", message: "slow down" },
    });
  });
});
