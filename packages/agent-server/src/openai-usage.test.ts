import { type CassetteEntry, createReplayModel } from "@tinyloop/inference-adapters";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

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

/** One answer whose provider reported reasoning tokens (played by the replay adapter). */
const reasonedAnswer: CassetteEntry = {
  events: [
    { type: "reasoning-delta", text: "Think." },
    { type: "text-delta", text: "Done." },
    { type: "usage", inputTokens: 20, outputTokens: 30, reasoningTokens: 12 },
    { type: "finish", reason: "stop" },
  ],
};

describe("usage in OpenAI's shape", () => {
  it("reports reasoning tokens as completion_tokens_details.reasoning_tokens, streaming or not", async () => {
    rig = await startServeRig([], {
      model: createReplayModel({ cassette: [reasonedAnswer, reasonedAnswer] }),
    });
    const completion = await rig.client.chat.completions.create(ask("Go"));
    expect(completion.usage).toEqual({
      prompt_tokens: 20,
      completion_tokens: 30,
      total_tokens: 50,
      completion_tokens_details: { reasoning_tokens: 12 },
    });
    const stream = await rig.client.chat.completions.create({
      ...ask("Go"),
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: unknown;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    expect(usage).toMatchObject({ completion_tokens_details: { reasoning_tokens: 12 } });
  });

  it("leaves completion_tokens_details out when the provider did not report reasoning tokens", async () => {
    rig = await startServeRig([{ text: "Plain." }]);
    const completion = await rig.client.chat.completions.create(ask("Go"));
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(completion.usage).not.toHaveProperty("completion_tokens_details");
  });
});
