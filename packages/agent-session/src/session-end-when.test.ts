import type { AgentEvent } from "@tinyloop/agent-loop";
import { describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";

const sessions = useFixtureSessions();

/** A model that narrates once between two tool turns, then answers twice. */
const narrating = [
  { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
  { text: "Now I'll echo the sum." },
  { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "3" } }] },
  { text: "The sum is 3." },
  { text: "" },
];

async function doneOf(events: AsyncIterable<AgentEvent>) {
  let done: AgentEvent | undefined;
  for await (const event of events) done = event;
  return done;
}

type Sent = { messages: { role: string; content: unknown }[] };

describe("the session's end condition and system prompt", () => {
  it("follows the file's endWhen: two-texts goes on after the narration", async () => {
    const session = await sessions.open([stdioServer("fx")], narrating, {
      agent: { endWhen: "two-texts" },
    });
    expect(await doneOf(session.agent.run("add then echo"))).toMatchObject({
      type: "done",
      reason: "completed",
      text: "The sum is 3.",
      turns: 5,
    });
    expect(session.settings().endWhen).toBe("two-texts");
  });

  it("lets the session's endWhen beat the file's", async () => {
    const session = await sessions.open([stdioServer("fx")], narrating, {
      agent: { endWhen: "two-texts" },
      endWhen: "text",
    });
    expect(await doneOf(session.agent.run("add then echo"))).toMatchObject({
      reason: "completed",
      text: "Now I'll echo the sum.",
      turns: 2,
    });
    expect(session.settings().endWhen).toBe("text");
  });

  it("sends no system prompt for an empty prompt file", async () => {
    const empty = await sessions.open([stdioServer("fx")], [{ text: "hi" }], {
      agent: { systemPrompt: "" },
    });
    await doneOf(empty.agent.run("hello"));
    const sent = sessions.modelServer()?.requests[0]?.body as Sent;
    expect(sent.messages.map((message) => message.role)).toEqual(["user"]);
  });

  it("sends the loop's default prompt when the file has none", async () => {
    const none = await sessions.open([stdioServer("fx")], [{ text: "hi" }], {
      agent: { systemPrompt: undefined },
    });
    await doneOf(none.agent.run("hello"));
    const sent = sessions.modelServer()?.requests[0]?.body as Sent;
    expect(sent.messages[0]?.role).toBe("system");
    expect(sent.messages[0]?.content).toMatch(/task_complete/);
  });
});
