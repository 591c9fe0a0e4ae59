import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import {
  type ScriptedModelServer,
  type StreamTurn,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { type MakeRig, type RigTurn, rigCallId } from "./model-rig.js";

/** A rig turn as a scripted-server turn (OpenAI wire). */
export function toStreamTurn(turn: RigTurn, number: number): StreamTurn {
  return {
    ...(turn.text !== undefined ? { text: turn.text } : {}),
    ...(turn.usage ? { usage: turn.usage } : {}),
    ...(turn.calls
      ? {
          toolCalls: turn.calls.map(([name, args], index) => ({
            id: rigCallId(number, index),
            name,
            arguments: args,
          })),
        }
      : {}),
  };
}

/** The adapter settings every rig shares: the scripted model, a dummy key, no retries. */
export function scriptedModelSettings(options: { vision?: boolean } = {}) {
  return {
    model: "scripted",
    apiKey: "test-key",
    maxRetries: 0,
    capabilities: { vision: options.vision ?? false },
  };
}

/** The OpenAI-compatible adapter talking to a real scripted HTTP server. */
export async function openAIRig(
  script: StreamTurn[],
  options: { vision?: boolean } = {},
): Promise<{ server: ScriptedModelServer; model: ReturnType<typeof createOpenAICompatible> }> {
  const server = await startScriptedModelServer({ script });
  const model = createOpenAICompatible({
    baseURL: server.baseURL,
    ...scriptedModelSettings(options),
  });
  return { server, model };
}

/** {@link MakeRig} for the shared suite. */
export const makeOpenAIRig: MakeRig = async (turns, options) => {
  const { server, model } = await openAIRig(
    turns.map((turn, index) => toStreamTurn(turn, index + 1)),
    options,
  );
  return { model, close: () => server.close() };
};
