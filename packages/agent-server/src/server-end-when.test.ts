import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import { checkServerOptions } from "./server-options.js";

let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const ask = (content: string) => ({
  model: MODEL_NAME,
  messages: [{ role: "user" as const, content }],
});
type Sent = { messages: Array<{ role: string; content: unknown }> };

/** A model that narrates once between two tool turns, answers, then has nothing to add. */
const narrating = [
  { toolCalls: [{ id: "c1", name: "mcp_fx_add", arguments: { a: 2, b: 3 } }] },
  { text: "Now I'll echo it." },
  { toolCalls: [{ id: "c2", name: "mcp_fx_echo", arguments: { text: "5" } }] },
  { text: "It is 5." },
  { text: "" },
];

describe("endWhen and the system prompt of every request's agent", () => {
  it('goes on after a narrating answer under endWhen "two-texts"', async () => {
    rig = await startServeRig(narrating, { endWhen: "two-texts" });
    const completion = await rig.client.chat.completions.create(ask("Add, then echo"));
    expect(completion.choices[0]?.message.content).toContain("It is 5.");
    expect(rig.modelServer.requests).toHaveLength(5);
  });

  it("stops at the narrating answer by default", async () => {
    rig = await startServeRig(narrating);
    const completion = await rig.client.chat.completions.create(ask("Add, then echo"));
    expect(completion.choices[0]?.message.content).toBe("Now I'll echo it.");
    expect(rig.modelServer.requests).toHaveLength(2);
  });

  it('sends only the client\'s messages when systemPrompt is ""', async () => {
    rig = await startServeRig([{ text: "Hi." }], { systemPrompt: "" });
    await rig.client.chat.completions.create(ask("Hello"));
    const sent = rig.modelServer.requests[0]?.body as Sent;
    expect(sent.messages).toEqual([{ role: "user", content: "Hello" }]);
  });

  it("sends the loop's default prompt when none is given", async () => {
    rig = await startServeRig([{ text: "Hi." }]);
    await rig.client.chat.completions.create(ask("Hello"));
    const sent = rig.modelServer.requests[0]?.body as Sent;
    expect(sent.messages[0]?.role).toBe("system");
    expect(sent.messages[0]?.content).toMatch(/task_complete/);
  });

  it("refuses an endWhen it does not know, naming both choices", () => {
    expect(() => checkServerOptions({ endWhen: "twice" as never })).toThrow(
      'createAgentServer(…): endWhen: expected "text" or "two-texts", got a string ("twice") (example: endWhen: "two-texts")',
    );
  });
});
