import type { FinishReason, ModelEvent, ToolSpec } from "../types.js";
import { opensReasoningInPrompt } from "./opens-reasoning-in-prompt.js";
import type { TextToolCallFormat } from "./text-tool-call-formats.js";
import { TextToolCallStream } from "./text-tool-call-stream.js";
import { toModelEvent } from "./to-model-events.js";

/**
 * Reads one answer of a model that writes its calls as text, one model event at a time and
 * synchronously: answer text goes through the format's parser, other events pass, and the
 * usage and finish wait for the end (a `stop` that made calls becomes `tool-calls`).
 */
export class TextAnswerReader {
  /** Calls made so far (text calls and native ones). */
  calls = 0;
  readonly #format: TextToolCallFormat;
  readonly #offered: readonly ToolSpec[];
  readonly #modelId: string;
  #parser: TextToolCallStream | undefined;
  #serverReasoning = false;
  readonly #held: ModelEvent[] = [];

  constructor(format: TextToolCallFormat, offered: readonly ToolSpec[], modelId: string) {
    this.#format = format;
    this.#offered = offered;
    this.#modelId = modelId;
  }

  /** Reads one event of the inner stream, pushing what it settles onto `out`. */
  push(event: ModelEvent, out: ModelEvent[]): void {
    if (event.type === "text-delta") {
      for (const parsed of this.#parserNow().push(event.text)) this.#out(parsed, out);
    } else if (event.type === "usage" || event.type === "finish") this.#held.push(event);
    else {
      if (event.type === "tool-call") this.calls++;
      if (event.type === "reasoning-delta") this.#serverReasoning = true;
      out.push(event);
    }
  }

  /** Ends the answer: text held back by the parser, then the usage and finish. */
  end(out: ModelEvent[]): void {
    for (const parsed of this.#parserNow().end()) this.#out(parsed, out);
    for (const event of this.#held) out.push(withCalls(event, this.calls));
  }

  #out(parsed: Parameters<typeof toModelEvent>[0], out: ModelEvent[]): void {
    if (parsed.type === "tool-call") this.calls++;
    out.push(toModelEvent(parsed));
  }

  // Made at the first answer text: a server that already streamed reasoning apart parsed
  // the prompt-opened `<think>` itself, so the text is not reasoning then.
  #parserNow(): TextToolCallStream {
    this.#parser ??= new TextToolCallStream(this.#format, {
      tools: this.#offered,
      startsInReasoning: !this.#serverReasoning && opensReasoningInPrompt(this.#modelId),
    });
    return this.#parser;
  }
}

/** A `stop` finish of a turn that made calls is a `tool-calls` finish (the server only saw text). */
export function withCalls(event: ModelEvent, calls: number): ModelEvent {
  if (event.type !== "finish" || calls === 0 || event.reason !== "stop") return event;
  return { ...event, reason: "tool-calls" satisfies FinishReason };
}
