import { InferenceError } from "../inference-error.js";
import type { ChatModel, ChatRequest, ModelEvent } from "../types.js";

const namesReasoning = /reasoning|thinking/i;

/** Whether a failed request was the server refusing the reasoning fields (a 400 naming them). */
export function refusesReasoning(error: unknown): boolean {
  if (!InferenceError.isInstance(error) || error.code !== "BAD_REQUEST") return false;
  const said = error.message.split("The server said:")[1] ?? error.message;
  return namesReasoning.test(said);
}

/**
 * A model whose reasoning fields a server may refuse (OpenAI answers 400 `Unsupported
 * parameter: 'reasoning_effort'` for a model that does not reason): on such a refusal,
 * before anything streamed, `drop()` is called (the caller stops sending the fields, for
 * the rest of this model's life), `warn` says so once, and the request is sent again.
 */
export function dropRefusedReasoning(
  model: ChatModel,
  drop: () => void,
  warn: (message: string) => void,
): ChatModel {
  let dropped = false;
  async function* stream(request: ChatRequest): AsyncGenerator<ModelEvent> {
    let yielded = false;
    try {
      for await (const event of model.stream(request)) {
        yielded = true;
        yield event;
      }
    } catch (error) {
      if (dropped || yielded || !refusesReasoning(error)) throw error;
      dropped = true;
      drop();
      warn(
        `${model.provider}: the server refused the reasoning setting for ${model.modelId} (${(error as Error).message.split("The server said:")[1]?.trim() ?? "400"}); it is no longer sent.`,
      );
      yield* model.stream(request);
    }
  }
  return { ...model, stream };
}
