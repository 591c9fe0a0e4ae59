import { redactUrl } from "@tinyloop/errors";
import type { ChatModel, ChatRequest, ModelCapabilities, ModelEvent, ToolSpec } from "../types.js";
import { lazyStream } from "./lazy-stream.js";
import { type ModelTimeoutSettings, resolveModelTimeouts } from "./model-timeouts.js";
import { openEventStream } from "./open-event-stream.js";
import type { RequestContext } from "./request-context.js";
import { type StreamParser, streamModelEvents } from "./stream-events.js";
import { streamFailure } from "./stream-failure.js";
import { startTurnClock } from "./stream-timeouts.js";

/** What one HTTP provider adapter supplies; the request, retries and streaming are shared. */
export interface HttpChatModelParts<Tool> {
  provider: string;
  modelId: string;
  capabilities: ModelCapabilities;
  context: RequestContext;
  headers: Record<string, string>;
  /** Converts tool specs to the provider's tool list (cached per tools array). */
  convertTools: (tools: readonly ToolSpec[]) => Tool[];
  /**
   * The request body, given the converted tools (undefined when the request has none): an
   * object to stringify, or the JSON text itself (for adapters that keep parts of it
   * between requests).
   */
  body: (request: ChatRequest, tools: Tool[] | undefined) => Record<string, unknown> | string;
  /** A fresh parser of the provider's stream, one per request. */
  parser: () => StreamParser;
}

/**
 * The request context of one adapter. Secrets kept out of every message: the API key and
 * header values long enough to be credentials (short ones such as `"1"` would blank out
 * ordinary text).
 */
export function buildRequestContext(settings: {
  provider: string;
  url: string;
  apiKeyEnv: string | undefined;
  apiKey: string | undefined;
  unreachableHint: string;
  headers: Record<string, string> | undefined;
  maxRetries: number | undefined;
  retryDelayMs: number | undefined;
  timeouts: ModelTimeoutSettings;
}): RequestContext {
  const { apiKey } = settings;
  return {
    provider: settings.provider,
    url: redactUrl(settings.url),
    endpoint: settings.url,
    apiKeyEnv: settings.apiKeyEnv,
    hasApiKey: apiKey !== undefined && apiKey !== "",
    unreachableHint: settings.unreachableHint,
    secrets: [
      ...(apiKey ? [apiKey] : []),
      ...Object.values(settings.headers ?? {}).filter((value) => value.length >= 8),
    ],
    maxRetries: settings.maxRetries ?? 2,
    retryDelayMs: settings.retryDelayMs ?? 500,
    ...resolveModelTimeouts(settings.timeouts),
  };
}

/**
 * A ChatModel over a streaming HTTP API: converts tools (once per tools array — the agent
 * loop passes the same array while the registry is unchanged), opens the request on the
 * first read (with the shared retry and error handling of `openEventStream`) and hands
 * out the parsed events.
 */
export function createHttpChatModel<Tool>(parts: HttpChatModelParts<Tool>): ChatModel {
  const { context } = parts;
  const toolCache = new WeakMap<readonly ToolSpec[], Tool[]>();
  const convertTools = (tools: readonly ToolSpec[]) => {
    let converted = toolCache.get(tools);
    if (!converted) {
      converted = parts.convertTools(tools);
      toolCache.set(tools, converted);
    }
    return converted;
  };

  async function open(request: ChatRequest): Promise<AsyncIterator<ModelEvent>> {
    const tools =
      request.tools && request.tools.length > 0 ? convertTools(request.tools) : undefined;
    const body = parts.body(request, tools);
    const clock = startTurnClock(context.idleTimeoutMs, context.turnTimeoutMs);
    const response = await openEventStream(
      context,
      {
        headers: parts.headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
        signal: request.signal,
        model: parts.modelId,
      },
      clock,
    );
    if (!response.body) throw streamFailure(new Error("empty body"), context, request.signal);
    return streamModelEvents(response.body, parts.parser(), context, request.signal, clock);
  }

  return {
    provider: parts.provider,
    modelId: parts.modelId,
    capabilities: parts.capabilities,
    // Opens the request on the first read, then hands over the event stream itself.
    stream: (request) => lazyStream(() => open(request)),
  };
}
