import { readBoundedFile } from "@tinyloop/errors/files";
import { InferenceError } from "../inference-error.js";
import type { ChatModel, ChatRequest, ModelCapabilities, ModelEvent } from "../types.js";
import {
  type CassetteEntry,
  checkCassetteEntry,
  fingerprintDifference,
  fingerprintRequest,
  parseCassette,
} from "./cassette.js";

/** Settings of {@link createReplayModel}. */
export interface ReplayModelSettings {
  /** Path of a `.jsonl` cassette, or its entries. */
  cassette: string | CassetteEntry[];
  /** Fail when a request differs from the recorded one (entries without `request` always match). Default false. */
  strict?: boolean;
  /** Default `"replay"`. */
  provider?: string;
  /** Default: the first entry's `modelId`, else `"cassette"`. */
  modelId?: string;
  /** Default `{ vision: true, parallelToolCalls: true }`. */
  capabilities?: Partial<ModelCapabilities>;
}

function loadEntries(cassette: string | CassetteEntry[]): {
  entries: CassetteEntry[];
  source: string;
} {
  if (Array.isArray(cassette)) {
    return {
      entries: cassette.map((entry, index) => checkCassetteEntry(entry, `cassette[${index}]`)),
      source: "the cassette",
    };
  }
  // Read as every file a person names is: a regular file of at most 10 MB, in UTF-8.
  const read = readBoundedFile(cassette, { what: "cassettes" });
  if ("failure" in read) {
    const { problem, cause } = read.failure;
    throw new InferenceError({
      code: "CASSETTE_INVALID",
      message: `Cannot read cassette ${cassette}: ${problem}${/[.?]$/.test(problem) ? "" : "."} Record one with recordModel(model, { path }) or check the path.`,
      ...(cause === undefined ? {} : { cause }),
    });
  }
  return { entries: parseCassette(read.text, cassette), source: cassette };
}

/**
 * A ChatModel that plays back a cassette: call N emits the events of entry N. More calls
 * than entries → `REPLAY_EXHAUSTED`; in strict mode a request whose fingerprint differs from
 * the recorded one → `REPLAY_MISMATCH`; both say which call and why. A recorded error is
 * thrown after the entry's events. The cassette is read (and checked) when the model is created.
 * @throws InferenceError `CASSETTE_INVALID` for a missing or malformed cassette.
 */
export function createReplayModel(settings: ReplayModelSettings): ChatModel {
  const { entries, source } = loadEntries(settings.cassette);
  let calls = 0;
  const provider = settings.provider ?? "replay";

  async function* stream(request: ChatRequest): AsyncGenerator<ModelEvent> {
    const number = ++calls;
    const entry = entries[number - 1];
    if (!entry) {
      throw new InferenceError({
        code: "REPLAY_EXHAUSTED",
        message: `Replay call #${number}: ${source} holds only ${entries.length} model call(s), and the run asked for another. Record the run again (recordModel) or add an entry.`,
        provider,
      });
    }
    if (settings.strict && entry.request) {
      const difference = fingerprintDifference(entry.request, fingerprintRequest(request));
      if (difference) {
        throw new InferenceError({
          code: "REPLAY_MISMATCH",
          message: `Replay call #${number} (strict): the request differs from the one recorded in ${source}: ${difference}. Record the run again, or replay without strict.`,
          provider,
        });
      }
    }
    for (const event of entry.events) {
      if (request.signal?.aborted) {
        throw new InferenceError({
          code: "ABORTED",
          message: "The replayed request was aborted.",
          provider,
          cause: request.signal.reason,
        });
      }
      yield event;
    }
    if (entry.error) throw new InferenceError({ ...entry.error, provider });
  }

  return {
    provider,
    modelId: settings.modelId ?? entries[0]?.modelId ?? "cassette",
    capabilities: {
      vision: settings.capabilities?.vision ?? true,
      parallelToolCalls: settings.capabilities?.parallelToolCalls ?? true,
    },
    stream,
  };
}
