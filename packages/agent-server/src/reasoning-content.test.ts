import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

/**
 * A Qwen-style model (hermes text format) that thinks in `<think>` before each answer:
 * turn 1 reasons and calls the fixture's echo tool, turn 2 reasons and answers.
 */
const thinkingScript = [
  {
    text: '<think>Echo is the tool for this.</think><tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "ping"}}\n</tool_call>',
  },
  { text: "<think>It answered ping; say so.</think>The fixture said ping." },
];

const ask = (content: string) => ({
  model: MODEL_NAME,
  messages: [{ role: "user" as const, content }],
});

/** The reasoning field OpenAI-compatible servers add, which the openai types do not name. */
type WithReasoning = { reasoning_content?: string | null };

describe("the model's reasoning reaches OpenAI-compatible clients as reasoning_content", () => {
  it("streams it as delta.reasoning_content, each turn's before its text, never in content", async () => {
    rig = await startServeRig(thinkingScript, {}, { toolFormat: "hermes" });
    const stream = await rig.client.chat.completions.create({
      ...ask("Say ping through echo"),
      stream: true,
    });
    let content = "";
    let reasoning = "";
    const order: string[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as (typeof chunk.choices)[0]["delta"] & WithReasoning;
      if (delta === undefined) continue;
      if (delta.content) {
        content += delta.content;
        order.push("content");
      }
      if (delta.reasoning_content) {
        reasoning += delta.reasoning_content;
        order.push("reasoning");
      }
    }
    expect(content).toBe("The fixture said ping.");
    expect(reasoning).toBe("Echo is the tool for this.\n\nIt answered ping; say so.");
    expect(order.indexOf("reasoning")).toBeLessThan(order.indexOf("content"));
    // The tool call between the turns really ran on the MCP server.
    expect((await rig.fixtureStats()).calls).toBeGreaterThanOrEqual(1);
  });

  it("puts it in message.reasoning_content of a non-streaming answer", async () => {
    rig = await startServeRig(thinkingScript, {}, { toolFormat: "hermes" });
    const completion = await rig.client.chat.completions.create(ask("Say ping through echo"));
    const message = completion.choices[0]?.message as
      | ((typeof completion.choices)[0]["message"] & WithReasoning)
      | undefined;
    expect(message?.content).toBe("The fixture said ping.");
    expect(message?.reasoning_content).toBe(
      "Echo is the tool for this.\n\nIt answered ping; say so.",
    );
  });

  it("adds no reasoning_content when the model gave none", async () => {
    rig = await startServeRig([{ text: "Plain answer." }, { text: "Plain answer." }]);
    const completion = await rig.client.chat.completions.create(ask("Hi"));
    expect(completion.choices[0]?.message.content).toBe("Plain answer.");
    expect(completion.choices[0]?.message).not.toHaveProperty("reasoning_content");
    const stream = await rig.client.chat.completions.create({ ...ask("Hi"), stream: true });
    for await (const chunk of stream) {
      expect(chunk.choices[0]?.delta ?? {}).not.toHaveProperty("reasoning_content");
    }
  });
});
