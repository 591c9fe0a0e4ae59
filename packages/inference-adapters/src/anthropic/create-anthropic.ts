import { describeValue } from "@tinyloop/errors";
import { buildRequestContext, createHttpChatModel } from "../http/http-chat-model.js";
import type { ModelTimeoutSettings } from "../http/model-timeouts.js";
import { parseBaseUrl } from "../http/parse-base-url.js";
import { InferenceError } from "../inference-error.js";
import { readReasoningSetting } from "../reasoning/read-reasoning-setting.js";
import { reasoningWarner } from "../reasoning/reasoning-warning.js";
import { toAnthropicTools } from "../tool-schema/to-anthropic-tools.js";
import type { ChatModel, ModelCapabilities, ReasoningSetting } from "../types.js";
import { anthropicThinking, thinkingRequestFields } from "./anthropic-thinking.js";
import { AnthropicStreamParser } from "./parse-anthropic-stream.js";
import { toAnthropicMessages } from "./to-anthropic-messages.js";

/** Settings of {@link createAnthropic}. */
export interface AnthropicSettings extends ModelTimeoutSettings {
  /** Model id, e.g. `"claude-sonnet-4-5"`. */
  model: string;
  /** Sent as `x-api-key`. Default: the `ANTHROPIC_API_KEY` environment variable. */
  apiKey?: string;
  /** Default `https://api.anthropic.com`; `…`, `…/v1` and `…/v1/messages` all work. */
  baseURL?: string;
  /** `max_tokens` when the request sets none (the API requires one). Default 4096. */
  maxTokens?: number;
  /** `anthropic-version` header. Default `2023-06-01`. */
  apiVersion?: string;
  /** Extra request headers, e.g. `anthropic-beta` (their values are treated as secrets in errors). */
  headers?: Record<string, string>;
  /** Retries of 429 / 5xx / 529 before anything streamed. Default 2. */
  maxRetries?: number;
  /** First retry delay in ms when the server sends no Retry-After; doubles each retry. Default 500. */
  retryDelayMs?: number;
  /** Default `{ vision: true, parallelToolCalls: true }`. */
  capabilities?: Partial<ModelCapabilities>;
  /** Where the key is read from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Extended thinking: `{ budgetTokens }` → `thinking.budget_tokens` (at least 1024), an
   * effort → 1024 / 8192 / 24576 tokens. `max_tokens` becomes the budget plus the answer's
   * limit. Default: off.
   */
  reasoning?: ReasoningSetting;
  /** Told about settings the API cannot take as given (once each). Default: a process warning. */
  onWarning?: (message: string) => void;
}

function messagesUrl(baseURL: string): string {
  const url = parseBaseUrl(baseURL, "https://api.anthropic.com");
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith("/messages")
    ? path
    : path.endsWith("/v1")
      ? `${path}/messages`
      : `${path}/v1/messages`;
  return url.toString();
}

/**
 * A ChatModel for the Anthropic Messages API with streaming: system prompt apart,
 * `tool_use` / `tool_result` blocks, `input_json_delta` assembly, base64 images, stop
 * reasons and usage. Failures throw InferenceError with the same codes as the
 * OpenAI-compatible adapter.
 * @throws InferenceError `CONFIG_INVALID` for a missing model or a bad base URL.
 */
export function createAnthropic(settings: AnthropicSettings): ChatModel {
  if (typeof settings.model !== "string" || settings.model === "") {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `model: expected a model id string, got ${describeValue(settings.model)} (example: { model: "claude-sonnet-4-5" }).`,
    });
  }
  if (settings.reasoning !== undefined) {
    const read = readReasoningSetting(settings.reasoning, "reasoning");
    if ("error" in read)
      throw new InferenceError({ code: "CONFIG_INVALID", message: `${read.error}.` });
  }
  const warn = reasoningWarner(settings.onWarning);
  const thinking = settings.reasoning ? anthropicThinking(settings.reasoning, warn) : undefined;
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    warn(message);
  };
  const url = messagesUrl(settings.baseURL ?? "https://api.anthropic.com");
  const apiKey = settings.apiKey ?? (settings.env ?? process.env).ANTHROPIC_API_KEY;
  const capabilities: ModelCapabilities = {
    vision: settings.capabilities?.vision ?? true,
    parallelToolCalls: settings.capabilities?.parallelToolCalls ?? true,
  };
  const context = buildRequestContext({
    provider: "anthropic",
    url,
    apiKeyEnv: "ANTHROPIC_API_KEY",
    apiKey,
    unreachableHint: "Check your network connection and the base URL.",
    headers: settings.headers,
    maxRetries: settings.maxRetries,
    retryDelayMs: settings.retryDelayMs,
    timeouts: settings,
  });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    "anthropic-version": settings.apiVersion ?? "2023-06-01",
    ...(context.hasApiKey ? { "x-api-key": apiKey as string } : {}),
    ...settings.headers,
  };
  return createHttpChatModel({
    provider: "anthropic",
    modelId: settings.model,
    capabilities,
    context,
    headers,
    convertTools: toAnthropicTools,
    parser: () => new AnthropicStreamParser(context),
    body: (request, tools) => {
      const { system, messages } = toAnthropicMessages(request.messages);
      const maxTokens = request.maxTokens ?? settings.maxTokens ?? 4096;
      let choice = request.toolChoice;
      let temperature = request.temperature;
      if (thinking && temperature !== undefined) {
        warnOnce(
          "temperature",
          "anthropic: extended thinking cannot be combined with a temperature; the temperature is not sent while reasoning is on.",
        );
        temperature = undefined;
      }
      if (thinking && choice !== undefined && choice !== "auto" && choice !== "none") {
        warnOnce(
          "tool-choice",
          "anthropic: extended thinking cannot be combined with a forced tool choice; tool_choice auto is sent while reasoning is on.",
        );
        choice = "auto";
      }
      return {
        model: settings.model,
        max_tokens: maxTokens,
        ...(thinking ? thinkingRequestFields(thinking, maxTokens) : {}),
        ...(system !== undefined ? { system } : {}),
        messages,
        ...(tools ? { tools } : {}),
        ...(tools && choice !== undefined
          ? {
              tool_choice:
                choice === "required"
                  ? { type: "any" }
                  : typeof choice === "string"
                    ? { type: choice }
                    : { type: "tool", name: choice.name },
            }
          : {}),
        ...(temperature !== undefined ? { temperature } : {}),
        stream: true,
      };
    },
  });
}
