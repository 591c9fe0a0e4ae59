import { createAnthropic } from "@tinyloop/inference-adapters";
import { startScriptedModelServer } from "@tinyloop/test-fixtures/model-server";
import type { MakeRig } from "./model-rig.js";
import { scriptedModelSettings, toStreamTurn } from "./openai-rig.js";

/** The Anthropic Messages adapter talking to the scripted server's `/v1/messages` route. */
export const makeAnthropicRig: MakeRig = async (turns, options = {}) => {
  const server = await startScriptedModelServer({
    script: turns.map((turn, index) => toStreamTurn(turn, index + 1)),
  });
  const model = createAnthropic({ baseURL: server.url, ...scriptedModelSettings(options) });
  return { model, close: () => server.close() };
};
