import { randomUUID } from "node:crypto";
import type {
  LlamaChat,
  LlamaChatResponse,
  LlamaContext,
  LlamaContextSequence,
} from "node-llama-cpp";
import { InferenceError } from "../inference-error.js";
import { readReasoningSetting } from "../reasoning/read-reasoning-setting.js";
import { reasoningWarner } from "../reasoning/reasoning-warning.js";
import type { ChatRequest, FinishReason, ModelEvent } from "../types.js";
import { EventChannel } from "./event-channel.js";
import type { GpuSetting } from "./gpu-setting.js";
import {
  type LlamaCppChatModel,
  type LlamaCppModelDetails,
  type LlamaCppSettings,
  validateLlamaCppSettings,
} from "./llama-cpp-settings.js";
import { loadNodeLlamaCpp } from "./load-node-llama-cpp.js";
import { acquireModel, type ModelLease } from "./model-pool.js";
import { resolveModelFile } from "./resolve-model-file.js";
import { toLlamaFunctions } from "./to-llama-functions.js";
import { toLlamaHistory } from "./to-llama-history.js";

export type {
  LlamaCppChatModel,
  LlamaCppModelDetails,
  LlamaCppSettings,
} from "./llama-cpp-settings.js";

interface Loaded {
  lease: ModelLease;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  chat: LlamaChat;
  details: LlamaCppModelDetails;
}

const DEFAULT_MAX_CONTEXT = 8192;

function finishReason(
  stop: LlamaChatResponse["metadata"]["stopReason"],
  calls: number,
): FinishReason {
  if (calls > 0) return "tool-calls";
  return stop === "maxTokens" ? "length" : "stop";
}

function abortedError(cause?: unknown): InferenceError {
  return new InferenceError({
    code: "ABORTED",
    provider: "local",
    message: "The local model's generation was aborted.",
    cause,
  });
}

/** The thought-token budget of the settings; an effort cannot be applied locally (warned once). */
function localThoughtBudget(settings: LlamaCppSettings): number | undefined {
  const setting = settings.reasoning;
  if (setting === undefined) return undefined;
  const read = readReasoningSetting(setting, "reasoning");
  if ("error" in read) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      provider: "local",
      message: `${read.error}.`,
    });
  }
  if ("budgetTokens" in read.setting) return read.setting.budgetTokens;
  reasoningWarner(settings.onWarning)(
    `local: a reasoning effort (${read.setting.effort}) has no llama.cpp equivalent; set a budget in tokens instead (example: { budgetTokens: 2048 }). The model's own default is used.`,
  );
  return undefined;
}

/**
 * A {@link ChatModel} running a GGUF model in this process through node-llama-cpp (an
 * optional peer dependency, imported only when the model is first loaded). Tool calls use
 * node-llama-cpp's function calling with the chat wrapper resolved from the model's own chat
 * template; arguments are constrained by a grammar built from each tool's schema. For tool
 * calls written as text (a model whose template node-llama-cpp cannot call tools through),
 * wrap it in `withTextToolCalls`: it then gets no tools, only the rewritten conversation.
 *
 * @example
 * const model = createLlamaCpp({ model: "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf" });
 * for await (const event of model.stream({ messages: [{ role: "user", content: "Hi" }] })) { … }
 * await model.close();
 * @throws InferenceError `CONFIG_INVALID` for a missing model or a bad contextSize, gpu, threads or temperature.
 */
export function createLlamaCpp(settings: LlamaCppSettings): LlamaCppChatModel {
  validateLlamaCppSettings(settings);
  const thoughtTokens = localThoughtBudget(settings);
  const gpu: GpuSetting = settings.gpu ?? "auto";
  let loading: Promise<Loaded> | undefined;
  let closed = false;
  let loadedDetails: LlamaCppModelDetails | undefined;
  // Aborts the generation in progress when the model is closed.
  const closing = new AbortController();
  const running = new Set<Promise<void>>();
  let queue: Promise<unknown> = Promise.resolve();

  const load = (signal?: AbortSignal): Promise<Loaded> => {
    if (closed) {
      return Promise.reject(
        new InferenceError({
          code: "CONFIG_INVALID",
          provider: "local",
          message: "This local model was closed; create a new one.",
        }),
      );
    }
    loading ??= (async () => {
      const module = await loadNodeLlamaCpp(settings.nodeLlamaCppModule);
      const path = await resolveModelFile(settings.model, {
        ...(settings.cacheDir ? { cacheDir: settings.cacheDir } : {}),
        ...(settings.hfEndpoint ? { hfEndpoint: settings.hfEndpoint } : {}),
        ...(settings.onDownloadProgress ? { onDownloadProgress: settings.onDownloadProgress } : {}),
        ...(settings.modelSettingName ? { modelSettingName: settings.modelSettingName } : {}),
        ...(signal ? { signal } : {}),
      });
      const lease = await acquireModel(module, path, gpu);
      try {
        const context = await lease.model.createContext({
          contextSize: settings.contextSize ?? { max: DEFAULT_MAX_CONTEXT },
          // node-llama-cpp defaults to at least 4 threads; more threads than math cores only
          // makes llama.cpp's workers wait on each other.
          threads: settings.threads ?? Math.max(1, lease.llama.cpuMathCores),
        });
        const sequence = context.getSequence();
        const chat = new module.LlamaChat({ contextSequence: sequence });
        const details: LlamaCppModelDetails = {
          path,
          chatWrapper: chat.chatWrapper.wrapperName,
          contextSize: context.contextSize,
          gpu: lease.llama.gpu,
        };
        loadedDetails = details;
        return { lease, context, sequence, chat, details };
      } catch (error) {
        await lease.release();
        throw new InferenceError({
          code: "CONFIG_INVALID",
          provider: "local",
          message: `Could not create a context for ${settings.model}: ${error instanceof Error ? error.message : String(error)}. Try a smaller contextSize.`,
          cause: error,
        });
      }
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  /** Starts one generation; its events arrive on the returned channel. */
  async function start(request: ChatRequest, done: () => void): Promise<EventChannel<ModelEvent>> {
    if (request.signal?.aborted) throw abortedError(request.signal.reason);
    const loaded = await load(request.signal);
    if (request.signal?.aborted) throw abortedError(request.signal.reason);
    const controller = new AbortController();
    const onAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener("abort", onAbort, { once: true });
    const onClose = () => controller.abort();
    closing.signal.addEventListener("abort", onClose, { once: true });
    let run: Promise<void> = Promise.resolve();
    const channel = new EventChannel<ModelEvent>(async () => {
      // The consumer stopped reading: stop generating at once.
      controller.abort();
      await run;
    });
    const ids: string[] = [];
    const idFor = (index: number) => {
      ids[index] ??= `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
      return ids[index];
    };
    const meterBefore = loaded.sequence.tokenMeter.getState();
    const functions = toLlamaFunctions(request);
    const temperature = request.temperature ?? settings.temperature ?? 0.2;
    run = loaded.chat
      .generateResponse(toLlamaHistory(request.messages), {
        signal: controller.signal,
        stopOnAbortSignal: false,
        temperature,
        ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
        ...(thoughtTokens !== undefined ? { budgets: { thoughtTokens } } : {}),
        // Thought segments (the chat wrapper's `<think>` and kin) are reasoning; the main
        // response is the answer. Comment segments are neither and are left out.
        onResponseChunk: (chunk) => {
          if (chunk.text === "") return;
          if (chunk.type === undefined) channel.push({ type: "text-delta", text: chunk.text });
          else if (chunk.segmentType === "thought") {
            channel.push({ type: "reasoning-delta", text: chunk.text });
          }
        },
        ...(functions
          ? {
              functions,
              documentFunctionParams: true,
              onFunctionCallParamsChunk: (chunk) => {
                if (/^\n*$/.test(chunk.paramsChunk)) return;
                const first = ids[chunk.callIndex] === undefined;
                channel.push({
                  type: "tool-call-delta",
                  index: chunk.callIndex,
                  ...(first ? { id: idFor(chunk.callIndex), name: chunk.functionName } : {}),
                  argumentsDelta: chunk.paramsChunk,
                });
              },
            }
          : {}),
      })
      .then((response) => {
        const calls = response.functionCalls ?? [];
        calls.forEach((call, index) => {
          channel.push({
            type: "tool-call",
            id: idFor(index),
            name: call.functionName,
            arguments: JSON.stringify(call.params ?? {}),
          });
        });
        const used = loaded.sequence.tokenMeter.diff(meterBefore);
        channel.push({
          type: "usage",
          inputTokens: Math.max(0, loaded.sequence.contextTokens.length - used.usedOutputTokens),
          outputTokens: used.usedOutputTokens,
        });
        channel.push({
          type: "finish",
          reason: finishReason(response.metadata.stopReason, calls.length),
        });
        channel.end();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) channel.fail(abortedError(error));
        else
          channel.fail(
            InferenceError.isInstance(error)
              ? error
              : new InferenceError({
                  code: "SERVER",
                  provider: "local",
                  message: `llama.cpp generation failed: ${error instanceof Error ? error.message : String(error)}`,
                  cause: error,
                }),
          );
      })
      .finally(() => {
        request.signal?.removeEventListener("abort", onAbort);
        closing.signal.removeEventListener("abort", onClose);
        running.delete(run);
        done();
      });
    running.add(run);
    return channel;
  }

  return {
    provider: "local",
    modelId: settings.model,
    capabilities: { vision: false, parallelToolCalls: true },
    stream(request: ChatRequest): AsyncIterable<ModelEvent> {
      return {
        [Symbol.asyncIterator]: (): AsyncIterator<ModelEvent> => {
          let channel: EventChannel<ModelEvent> | undefined;
          let starting: Promise<EventChannel<ModelEvent>> | undefined;
          const begin = () => {
            // One generation at a time per instance (they share one context sequence); the
            // turn passes on as soon as this generation has ended.
            const previous = queue;
            let release!: () => void;
            queue = new Promise<void>((resolve) => {
              release = resolve;
            });
            return previous
              .then(() => start(request, release))
              .catch((error: unknown) => {
                release();
                throw error;
              });
          };
          return {
            next: () => {
              if (channel) return channel.next();
              starting ??= begin();
              return starting.then((started) => {
                channel = started;
                return started.next();
              });
            },
            return: async () => {
              const started = channel ?? (await starting?.catch(() => undefined));
              await started?.return();
              return { value: undefined, done: true };
            },
          };
        },
      };
    },
    get details() {
      return closed ? undefined : loadedDetails;
    },
    async load(options) {
      await load(options?.signal);
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      await Promise.allSettled([...running]);
      const current = loading;
      loading = undefined;
      const loaded = await current?.catch(() => undefined);
      if (!loaded) return;
      loaded.chat.dispose({ disposeSequence: true });
      await loaded.context.dispose();
      await loaded.lease.release();
    },
  };
}
