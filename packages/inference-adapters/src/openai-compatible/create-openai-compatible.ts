import { describeValue } from "@tinyloop/errors";
import { buildRequestContext, createHttpChatModel } from "../http/http-chat-model.js";
import type { ModelTimeoutSettings } from "../http/model-timeouts.js";
import { InferenceError } from "../inference-error.js";
import { readReasoningSetting } from "../reasoning/read-reasoning-setting.js";
import { reasoningWarner } from "../reasoning/reasoning-warning.js";
import { type OpenAITool, toOpenAITools } from "../tool-schema/to-openai-tools.js";
import type { ChatModel, ModelCapabilities, ReasoningSetting } from "../types.js";
import { chatCompletionsUrl } from "./chat-completions-url.js";
import { dropRefusedReasoning } from "./drop-refused-reasoning.js";
import { OpenAIMessagesJson } from "./openai-messages-json.js";
import { ChatCompletionStreamParser } from "./parse-chat-completion-stream.js";
import { isPresetName, providerPresets } from "./presets.js";
import { reasoningEchoFor } from "./reasoning-echo.js";
import { openAIReasoningParams } from "./reasoning-params.js";

/** Settings of {@link createOpenAICompatible}. */
export interface OpenAICompatibleSettings extends ModelTimeoutSettings {
  /** Model id sent to the server, e.g. `"gpt-4o-mini"`, `"qwen3:8b"`. */
  model: string;
  /**
   * Base URL ending in `/v1` (or the full `/v1/chat/completions` URL). Optional when
   * `provider` is a preset name, whose URL is then used.
   */
  baseURL?: string;
  /** API key, sent as `Authorization: Bearer …`. Default: the `apiKeyEnv` variable, if set. */
  apiKey?: string;
  /** Environment variable holding the key (named in AUTH errors). Default: the preset's. */
  apiKeyEnv?: string;
  /** Extra request headers (their values are treated as secrets in errors). */
  headers?: Record<string, string>;
  /**
   * Provider name shown in errors and on the model. A preset name (`openai`, `huggingface`,
   * `ollama`, `lmstudio`, `llamacpp`, `vllm`, `together`, `groq`, `openrouter`) also supplies
   * the base URL, key variable and connection hint. Default: the preset whose base URL
   * matches, else `"openai-compatible"`.
   */
  provider?: string;
  /** Retries of 429 / 5xx before anything streamed. Default 2. */
  maxRetries?: number;
  /** First retry delay in ms when the server sends no Retry-After; doubles each retry. Default 500. */
  retryDelayMs?: number;
  /** Default `{ vision: false, parallelToolCalls: true }`. */
  capabilities?: Partial<ModelCapabilities>;
  /** Where keys are read from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Ask for reasoning: mapped per provider (`reasoning_effort`; OpenRouter `reasoning`; Groq
   * also `reasoning_format: "parsed"`). A token budget where only an effort is taken is not
   * sent, with one warning. Default: nothing sent (the model's own default).
   */
  reasoning?: ReasoningSetting;
  /** Told once about a reasoning setting the provider cannot take. Default: a process warning. */
  onWarning?: (message: string) => void;
}

function presetFor(settings: OpenAICompatibleSettings) {
  if (settings.provider !== undefined) {
    return isPresetName(settings.provider) ? providerPresets[settings.provider] : undefined;
  }
  if (settings.baseURL === undefined) return undefined;
  const base = settings.baseURL.replace(/\/+$/, "").replace(/\/chat\/completions$/, "");
  return Object.values(providerPresets).find((preset) => preset.baseURL === base);
}

/**
 * A ChatModel for any server that speaks OpenAI chat completions with streaming: OpenAI,
 * the Hugging Face router, Ollama, vLLM, llama.cpp's server, LM Studio, Together, Groq,
 * OpenRouter… Requests stream with `stream_options.include_usage`; tool calls are assembled
 * from their deltas; failures throw InferenceError (AUTH, NOT_FOUND, RATE_LIMITED, SERVER,
 * BAD_REQUEST, UNREACHABLE, PROTOCOL, INTERRUPTED, ABORTED).
 * @throws InferenceError `CONFIG_INVALID` for a missing model or base URL.
 */
export function createOpenAICompatible(settings: OpenAICompatibleSettings): ChatModel {
  if (typeof settings.model !== "string" || settings.model === "") {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `model: expected a model id string, got ${describeValue(settings.model)} (example: { model: "gpt-4o-mini" }).`,
    });
  }
  const preset = presetFor(settings);
  const provider =
    settings.provider ??
    Object.entries(providerPresets).find(([, candidate]) => candidate === preset)?.[0] ??
    "openai-compatible";
  const baseURL = settings.baseURL ?? preset?.baseURL;
  if (baseURL === undefined) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `baseURL: missing for provider "${provider}". Pass the server's base URL (example: "http://localhost:8000/v1") or a preset name as provider (${Object.keys(providerPresets).join(", ")}).`,
    });
  }
  const url = chatCompletionsUrl(baseURL);
  if (settings.reasoning !== undefined) {
    const read = readReasoningSetting(settings.reasoning, "reasoning");
    if ("error" in read)
      throw new InferenceError({ code: "CONFIG_INVALID", message: `${read.error}.` });
  }
  const warn = reasoningWarner(settings.onWarning);
  let reasoningParams = settings.reasoning
    ? openAIReasoningParams(provider, settings.reasoning, warn)
    : {};
  const apiKeyEnv =
    settings.apiKeyEnv ?? (preset && "apiKeyEnv" in preset ? preset.apiKeyEnv : undefined);
  const env = settings.env ?? process.env;
  const apiKey = settings.apiKey ?? (apiKeyEnv ? env[apiKeyEnv] : undefined) ?? undefined;
  const capabilities: ModelCapabilities = {
    vision: settings.capabilities?.vision ?? false,
    parallelToolCalls: settings.capabilities?.parallelToolCalls ?? true,
  };
  const context = buildRequestContext({
    provider,
    url,
    apiKeyEnv,
    apiKey,
    unreachableHint: preset?.unreachableHint ?? "Is the server running, and is the base URL right?",
    headers: settings.headers,
    maxRetries: settings.maxRetries,
    retryDelayMs: settings.retryDelayMs,
    timeouts: settings,
  });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    ...(context.hasApiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    ...settings.headers,
  };
  // The history and the tool list change little between an agent's requests: their JSON
  // is kept (per message, per tools array) instead of being converted and written anew.
  const messagesJson = new OpenAIMessagesJson(
    capabilities.vision,
    reasoningEchoFor(provider, baseURL, settings.model),
  );
  const toolsJsonCache = new WeakMap<OpenAITool[], string>();
  const toolsText = (tools: OpenAITool[]) => {
    let text = toolsJsonCache.get(tools);
    if (text === undefined) {
      text = JSON.stringify(tools);
      toolsJsonCache.set(tools, text);
    }
    return text;
  };
  const model = createHttpChatModel({
    provider,
    modelId: settings.model,
    capabilities,
    context,
    headers,
    convertTools: toOpenAITools,
    parser: () => new ChatCompletionStreamParser(context),
    body: (request, tools) => {
      const choice = request.toolChoice;
      // Everything but the messages and the tools, which are written from their caches.
      const rest = JSON.stringify({
        stream: true,
        stream_options: { include_usage: true },
        ...(tools && choice !== undefined
          ? {
              tool_choice:
                typeof choice === "string"
                  ? choice
                  : { type: "function", function: { name: choice.name } },
            }
          : {}),
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...reasoningParams,
      });
      const toolsJson = tools ? `,"tools":${toolsText(tools)}` : "";
      return `{"model":${JSON.stringify(settings.model)},"messages":${messagesJson.write(request.messages)}${toolsJson},${rest.slice(1)}`;
    },
  });
  // A model that does not reason may refuse the fields: dropped then, with one warning.
  return Object.keys(reasoningParams).length === 0
    ? model
    : dropRefusedReasoning(
        model,
        () => {
          reasoningParams = {};
        },
        warn,
      );
}
