import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { InferenceError } from "../inference-error.js";
import type { ChatModel, ChatRequest, ModelEvent } from "../types.js";
import { type CassetteEntry, fingerprintRequest } from "./cassette.js";

/** Settings of {@link recordModel}. */
export interface RecordModelSettings {
  /** The `.jsonl` file to write. Created (with its directory); emptied first unless `append`. */
  path: string;
  /** Add to an existing cassette instead of starting a new one. Default false. */
  append?: boolean;
}

/**
 * Wraps a model so that every call is also written to a cassette: one JSON line per call
 * with the request fingerprint and the events streamed (and the error, if the call failed).
 * Events pass through unchanged; a call the caller stops early is written with the events
 * it got. Replay the file with `createReplayModel({ cassette: path })`.
 */
export function recordModel(model: ChatModel, settings: RecordModelSettings): ChatModel {
  mkdirSync(dirname(settings.path), { recursive: true });
  if (!settings.append) writeFileSync(settings.path, "");

  async function* stream(request: ChatRequest): AsyncGenerator<ModelEvent> {
    const entry: CassetteEntry = {
      request: fingerprintRequest(request),
      events: [],
      provider: model.provider,
      modelId: model.modelId,
    };
    try {
      for await (const event of model.stream(request)) {
        entry.events.push(event);
        yield event;
      }
    } catch (error) {
      entry.error = InferenceError.isInstance(error)
        ? { code: error.code, message: error.message }
        : { code: "SERVER", message: String((error as Error)?.message ?? error) };
      throw error;
    } finally {
      appendFileSync(settings.path, `${JSON.stringify(entry)}\n`);
    }
  }

  return {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    stream,
    ...(model.close ? { close: () => model.close!() } : {}),
  };
}
