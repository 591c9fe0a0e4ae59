import type { ToolSpec } from "../types.js";
import { scanMarkers } from "./scan-markers.js";
import type { MarkerRule, TextFormat, TextPiece, TextToolCall } from "./text-format.js";
import { formatOf, type TextToolCallFormat } from "./text-tool-call-formats.js";

/** What the streaming parser reports: answer text, reasoning text, or one complete call. */
export type TextToolCallEvent =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "tool-call"; call: TextToolCall };

type CallRule = Extract<MarkerRule, { kind: "call" }>;
type ReasoningRule = Extract<MarkerRule, { kind: "reasoning" }>;
type State =
  | { mode: "text" }
  | { mode: "reasoning"; ends: { start: string }[] }
  | { mode: "call"; rule: CallRule; start: string; searchFrom: number };

/**
 * Reads a completion of one text format as it streams. `push` each chunk and get back what
 * is certain so far; `end` flushes the rest. Any split of the same text gives the same
 * events joined: markers are never released as text, and a chunk that ends inside a
 * possible marker is held back until the next chunk decides it.
 */
export class TextToolCallStream {
  readonly #format: TextFormat;
  readonly #tools: readonly ToolSpec[] | undefined;
  #buffer: string;
  #state: State = { mode: "text" };
  /** Whether answer text other than whitespace was released (anchored markers then no longer count). */
  #answered = false;
  #ended = false;
  /** In reasoning opened by the prompt, before anything was read: a repeated `<think>` is dropped. */
  #atStart = false;

  /**
   * @param format one of `TEXT_TOOL_CALL_FORMATS` (a `TypeError` names them for any other value)
   * @param options.tools the offered tools: a call to any other becomes an `UNKNOWN_TOOL` error
   */
  constructor(
    format: TextToolCallFormat,
    options: {
      tools?: readonly ToolSpec[] | undefined;
      /**
       * The prompt already opened `<think>` (see `opensReasoningInPrompt`): the completion
       * starts as reasoning and its first `</think>` starts the answer. A `<think>` the
       * model writes again at the very start is dropped. Only for formats that read `<think>`.
       */
      startsInReasoning?: boolean;
    } = {},
  ) {
    this.#format = formatOf(format);
    this.#tools = options.tools;
    this.#buffer = this.#format.continues ?? "";
    const think = this.#format.markers.find(
      (rule): rule is ReasoningRule => rule.kind === "reasoning" && rule.start === "<think>",
    );
    if (options.startsInReasoning && think) {
      this.#state = { mode: "reasoning", ends: endRules(think) };
      this.#atStart = true;
    }
  }

  /** Adds a chunk of the completion; returns the events it settled. */
  push(chunk: string): TextToolCallEvent[] {
    if (this.#ended) throw new Error("TextToolCallStream: push() after end()");
    this.#buffer += chunk;
    const events: TextToolCallEvent[] = [];
    this.#drain(false, events);
    return events;
  }

  /** Ends the completion: releases held-back text and settles a block left open (cut off). */
  end(): TextToolCallEvent[] {
    if (this.#ended) return [];
    this.#ended = true;
    const events: TextToolCallEvent[] = [];
    this.#drain(true, events);
    return events;
  }

  #drain(final: boolean, events: TextToolCallEvent[]): void {
    for (;;) {
      const state = this.#state;
      if (state.mode === "text") {
        const anchorAt = this.#answered ? undefined : firstNonSpace(this.#buffer);
        const scan = scanMarkers(this.#buffer, this.#format.markers, final, anchorAt);
        if (!scan.found) {
          this.#text(this.#buffer.slice(0, scan.safeUpTo), events);
          this.#buffer = this.#buffer.slice(scan.safeUpTo);
          return;
        }
        this.#text(this.#buffer.slice(0, scan.index), events);
        this.#buffer = this.#buffer.slice(scan.index + scan.rule.start.length);
        const rule = scan.rule;
        if (rule.kind === "reasoning") {
          this.#state = { mode: "reasoning", ends: endRules(rule) };
        } else if (rule.kind === "call") {
          this.#state = { mode: "call", rule, start: rule.start, searchFrom: 0 };
        }
      } else if (state.mode === "reasoning") {
        if (this.#atStart) {
          const lead = this.#buffer.trimStart();
          if (!final && "<think>".startsWith(lead)) return; // wait: it may be a repeated <think>
          this.#atStart = false;
          if (lead.startsWith("<think>")) this.#buffer = lead.slice("<think>".length);
        }
        const scan = scanMarkers(this.#buffer, state.ends, final, undefined);
        const upTo = scan.found ? scan.index : scan.safeUpTo;
        if (upTo > 0) events.push({ type: "reasoning", text: this.#buffer.slice(0, upTo) });
        if (!scan.found) {
          this.#buffer = this.#buffer.slice(upTo);
          return;
        }
        this.#buffer = this.#buffer.slice(scan.index + scan.rule.start.length);
        this.#state = { mode: "text" };
      } else {
        const end = findEnd(this.#buffer, state.rule.end, state.searchFrom);
        if (end === undefined) {
          if (!final) {
            const longest = Math.max(0, ...(state.rule.end ?? []).map((marker) => marker.length));
            state.searchFrom = Math.max(0, this.#buffer.length - longest + 1);
            return;
          }
          const inner = this.#buffer;
          this.#buffer = "";
          this.#state = { mode: "text" };
          // A block without end markers runs to the end of the completion: it is complete.
          const complete = state.rule.end === undefined || state.rule.end.length === 0;
          this.#pieces(
            state.rule.parse(inner, { start: state.start, complete, tools: this.#tools }),
            events,
          );
          continue;
        }
        const inner = this.#buffer.slice(0, end.index);
        this.#buffer = this.#buffer.slice(end.index + end.length);
        this.#state = { mode: "text" };
        this.#pieces(
          state.rule.parse(inner, { start: state.start, complete: true, tools: this.#tools }),
          events,
        );
      }
    }
  }

  #text(text: string, events: TextToolCallEvent[]): void {
    if (text === "") return;
    if (!this.#answered && text.trim() !== "") this.#answered = true;
    events.push({ type: "text", text });
  }

  #pieces(pieces: TextPiece[], events: TextToolCallEvent[]): void {
    for (const piece of pieces) {
      if (piece.type === "text") this.#text(piece.text, events);
      else if (piece.type === "reasoning") {
        if (piece.text !== "") events.push({ type: "reasoning", text: piece.text });
      } else events.push({ type: "tool-call", call: this.#checkOffered(piece.call) });
    }
  }

  /** A call to a tool that was not offered becomes an UNKNOWN_TOOL error, never a call to run. */
  #checkOffered(call: TextToolCall): TextToolCall {
    const tools = this.#tools;
    if (!tools || call.error || tools.some((tool) => tool.name === call.name)) return call;
    const offered = tools.map((tool) => tool.name).join(", ") || "none";
    return {
      ...call,
      error: {
        code: "UNKNOWN_TOOL",
        message: `There is no tool "${call.name}" here; the tools you can call are: ${offered}.`,
      },
    };
  }
}

function firstNonSpace(text: string): number {
  const index = text.search(/\S/);
  return index < 0 ? text.length : index;
}

function endRules(rule: ReasoningRule): { start: string }[] {
  return rule.end.map((start) => ({ start }));
}

function findEnd(
  text: string,
  ends: readonly string[] | undefined,
  from: number,
): { index: number; length: number } | undefined {
  let best: { index: number; length: number } | undefined;
  for (const marker of ends ?? []) {
    const index = text.indexOf(marker, from);
    if (index < 0) continue;
    if (!best || index < best.index || (index === best.index && marker.length > best.length)) {
      best = { index, length: marker.length };
    }
  }
  return best;
}
