import type { ChatModel, ChatRequest, ModelEvent, ToolSpec } from "../types.js";
import { mappedEventStream } from "./mapped-event-stream.js";
import { TELLTALE_MARKERS, toolCallFormatForModel } from "./model-tool-call-format.js";
import { refusesTools } from "./refuses-tools.js";
import { scanMarkers } from "./scan-markers.js";
import { TextAnswerReader, withCalls } from "./text-answer-reader.js";
import { formatOf, type TextToolCallFormat } from "./text-tool-call-formats.js";
import { type TextToolCallEvent, TextToolCallStream } from "./text-tool-call-stream.js";
import { toModelEvent } from "./to-model-events.js";
import { TextToolMessages } from "./to-text-tool-messages.js";
import { retryMessages, type TextToolChoice, textToolChoice } from "./tool-choice-text.js";

/** Why an `auto` model left native tool calling, told once through `onSwitch`. */
export interface ToolFormatSwitch {
  /** The text format used from now on. */
  format: TextToolCallFormat;
  /** `tools-refused`: the server answered a 4xx naming tools; `text-call-seen`: the model wrote a call marker as text. */
  reason: "tools-refused" | "text-call-seen";
  /** The server's words, or the marker seen. */
  detail: string;
}

/** Options of {@link withTextToolCalls}. */
export interface TextToolCallsOptions {
  /**
   * A text format (one of `TEXT_TOOL_CALL_FORMATS`), or `auto`: native tools first, and the
   * text format from the first refusal or text call on, for the rest of this model's life.
   */
  format: TextToolCallFormat | "auto";
  /** `auto` only: called once, when the model switches to a text format. */
  onSwitch?: (change: ToolFormatSwitch) => void;
}

/**
 * Wraps a model that cannot take native tools: the offered tools are written into the
 * prompt as the family's chat template does, no `tools` field is sent, the streamed answer
 * is parsed into text deltas, reasoning deltas and complete tool calls, and tool results go
 * back in the family's own framing. See the README for `auto`.
 */
export function withTextToolCalls(model: ChatModel, options: TextToolCallsOptions): ChatModel {
  if (options.format !== "auto") formatOf(options.format); // a TypeError names the formats
  let textFormat: TextToolCallFormat | undefined =
    options.format === "auto" ? undefined : options.format;
  const byName = toolCallFormatForModel(model.modelId);
  const history = new TextToolMessages();

  const switchTo = (
    seen: TextToolCallFormat,
    reason: ToolFormatSwitch["reason"],
    detail: string,
  ) => {
    if (textFormat !== undefined) return;
    textFormat = byName ?? seen;
    options.onSwitch?.({ format: textFormat, reason, detail });
  };

  async function* autoStream(request: ChatRequest): AsyncGenerator<ModelEvent> {
    if (!request.tools || request.tools.length === 0) {
      yield* model.stream(request);
      return;
    }
    let yielded = false;
    const sniffer = new TelltaleSniffer();
    let textParser: TextToolCallStream | undefined;
    let nativeCall = false;
    let textCalls = 0;
    const held: ModelEvent[] = [];
    const fromText = (parsed: TextToolCallEvent): ModelEvent => {
      if (parsed.type === "tool-call") textCalls++;
      return toModelEvent(parsed);
    };
    try {
      for await (const event of model.stream(request)) {
        if (textParser !== undefined && event.type === "text-delta") {
          for (const parsed of textParser.push(event.text)) yield fromText(parsed);
          continue;
        }
        if (event.type === "text-delta" && !nativeCall) {
          const found = sniffer.push(event.text);
          if (found.text) {
            yielded = true;
            yield { type: "text-delta", text: found.text };
          }
          if (found.marker) {
            switchTo(found.marker.format, "text-call-seen", found.marker.start);
            textParser = new TextToolCallStream(found.marker.format, { tools: request.tools });
            for (const parsed of textParser.push(found.rest)) yield fromText(parsed);
          }
          continue;
        }
        if (event.type === "tool-call") nativeCall = true;
        if (event.type === "usage" || event.type === "finish") {
          held.push(event);
          continue;
        }
        yielded = true;
        yield event;
      }
    } catch (error) {
      if (!yielded && refusesTools(error)) {
        switchTo(byName ?? "hermes", "tools-refused", (error as Error).message);
        yield* textStream(model, request, textFormat ?? byName ?? "hermes", history);
        return;
      }
      throw error;
    }
    const rest = sniffer.end();
    if (rest) yield { type: "text-delta", text: rest };
    for (const parsed of textParser?.end() ?? []) yield fromText(parsed);
    for (const event of held) yield withCalls(event, textCalls);
  }

  return {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    stream: (request) =>
      textFormat === undefined
        ? autoStream(request)
        : textStream(model, request, textFormat, history),
    ...(model.close ? { close: () => (model.close as () => Promise<void>)() } : {}),
  };
}

/**
 * One turn in a text format: tools in the prompt, the answer parsed. With `toolChoice`
 * `required` or a named tool, the answer is held until it shows a call; one without gets one
 * retry with a correction (the retry streams as it comes, its usage counting both attempts).
 */
function textStream(
  model: ChatModel,
  request: ChatRequest,
  format: TextToolCallFormat,
  history: TextToolMessages,
): AsyncIterable<ModelEvent> {
  const { tools = [], toolChoice, ...rest } = request;
  let choice: TextToolChoice;
  try {
    choice = textToolChoice(toolChoice, tools);
  } catch (error) {
    return failing(error);
  }
  const messages = history.write(
    request.messages,
    choice.offered,
    formatOf(format),
    choice.instruction,
  );
  const turn = { ...rest, messages };
  if (!choice.forced) {
    const reader = new TextAnswerReader(format, choice.offered, model.modelId);
    return mappedEventStream(() => model.stream(turn), reader, request.signal);
  }
  return forcedAnswer(model, turn, format, choice);
}

async function* forcedAnswer(
  model: ChatModel,
  turn: ChatRequest,
  format: TextToolCallFormat,
  choice: TextToolChoice,
): AsyncGenerator<ModelEvent> {
  const held: ModelEvent[] = [];
  const calls = await heldAnswer(model, turn, format, choice.offered, held);
  if (calls > 0) {
    yield* held;
    return;
  }
  const said = held.flatMap((event) => (event.type === "text-delta" ? [event.text] : [])).join("");
  const retry = { ...turn, messages: retryMessages(turn.messages, said, choice.correction) };
  const spent = held.find((event) => event.type === "usage");
  const reader = new TextAnswerReader(format, choice.offered, model.modelId);
  for await (const event of mappedEventStream(() => model.stream(retry), reader, turn.signal)) {
    yield spent && event.type === "usage" ? addUsage(event, spent) : event;
  }
}

// biome-ignore lint/correctness/useYield: a stream that fails when first read, as the others do
async function* failing(error: unknown): AsyncGenerator<ModelEvent> {
  throw error;
}

/** Reads one whole answer into `held`; returns how many calls it made. */
async function heldAnswer(
  model: ChatModel,
  request: ChatRequest,
  format: TextToolCallFormat,
  offered: readonly ToolSpec[],
  held: ModelEvent[],
): Promise<number> {
  const reader = new TextAnswerReader(format, offered, model.modelId);
  for await (const event of model.stream(request)) reader.push(event, held);
  reader.end(held);
  return reader.calls;
}

/** The retry's usage with the first attempt's added: both were spent on this turn. */
function addUsage(
  event: Extract<ModelEvent, { type: "usage" }>,
  spent: Extract<ModelEvent, { type: "usage" }>,
): ModelEvent {
  return {
    ...event,
    inputTokens: event.inputTokens + spent.inputTokens,
    outputTokens: event.outputTokens + spent.outputTokens,
  };
}

/** Watches native answer text for a telltale call marker, holding back a possible partial one. */
class TelltaleSniffer {
  #buffer = "";

  push(chunk: string): {
    text: string;
    marker?: (typeof TELLTALE_MARKERS)[number];
    rest: string;
  } {
    this.#buffer += chunk;
    const scan = scanMarkers(this.#buffer, TELLTALE_MARKERS, false, undefined);
    if (!scan.found) {
      const text = this.#buffer.slice(0, scan.safeUpTo);
      this.#buffer = this.#buffer.slice(scan.safeUpTo);
      return { text, rest: "" };
    }
    const text = this.#buffer.slice(0, scan.index);
    const rest = this.#buffer.slice(scan.index);
    this.#buffer = "";
    return { text, marker: scan.rule, rest };
  }

  end(): string {
    const rest = this.#buffer;
    this.#buffer = "";
    return rest;
  }
}
