import { consumeRun } from "@tinyloop/agent-loop";
import { describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { tagStyle } from "./__fixtures__/tag-style.js";
import { doneLine } from "./done-line.js";

const sessions = useFixtureSessions();

describe("doneLine", () => {
  it("says nothing for a completed run", async () => {
    const session = await sessions.open([], [{ text: "4" }]);
    const { done } = await consumeRun(session.agent.run("2 + 2?"));
    expect(doneLine(done, { style: tagStyle })).toBeUndefined();
  });

  it("an error is red, with the first line of the model's error", async () => {
    const session = await sessions.open([], [{ status: 400, message: "bad request\nmore" }]);
    const { done } = await consumeRun(session.agent.run("hi"));
    expect(done.reason).toBe("error");
    expect(doneLine(done, { style: tagStyle })).toMatch(/^<red>error: .*bad request<\/red>$/);
  });

  it("the turn limit is yellow and names the program's setting", async () => {
    const session = await sessions.open(
      [stdioServer("fx")],
      [{ toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "again" } }] }],
      { maxTurns: 1 },
    );
    const { done } = await consumeRun(session.agent.run("loop"));
    expect(doneLine(done, { style: tagStyle, maxTurnsSetting: "--max-turns" })).toBe(
      "<yellow>stopped: the model used all 1 turns without finishing (raise --max-turns)</yellow>",
    );
    expect(doneLine(done)).toBe(
      "stopped: the model used all 1 turns without finishing (raise maxTurns)",
    );
  });

  it("names the program's tool-format setting when the server refuses native tools", async () => {
    const session = await sessions.open([stdioServer("fx")], { turns: [], refuseTools: {} });
    const { done } = await consumeRun(session.agent.run("hi"));
    expect(done.reason).toBe("error");
    expect(doneLine(done, { toolFormatSetting: "--tool-format" })).toMatch(
      /^error: .*does not support tools \(the model's server does not take native tools: set --tool-format to auto, or to a text format such as hermes or pythonic\)$/,
    );
  });
});
