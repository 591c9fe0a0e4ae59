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
/** What a reasoning block scans for: its end markers, and the call markers it reads calls by. */
type ReasoningMarker = { start: string; call?: CallRule };
/** Call blocks read inside reasoning under `read-if-left-open`, held until the block closes or the completion ends. */
type Held = ({ reasoning: string } | { raw: string; pieces: TextPiece[] })[];
type ReasoningState = { mode: "reasoning"; rule: ReasoningRule; held: Held };
type State =
  | { mode: "text" }
  | ReasoningState
  | {
      mode: "call";
      rule: CallRule;
      start: string;
      searchFrom: number;
      /** The reasoning the block was opened in, to go back to. */
      inReasoning?: ReasoningState;
    };

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
  readonly #reasoningMarkerCache = new Map<ReasoningRule, ReasoningMarker[]>();

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
      this.#state = { mode: "reasoning", rule: think, held: [] };
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
          this.#state = { mode: "reasoning", rule, held: [] };
        } else if (rule.kind === "call") {
          this.#state = { mode: "call", rule, start: rule.start, searchFrom: 0 };
        }
      } else if (state.mode === "reasoning") {
        if (!this.#reasoning(state, final, events)) return;
      } else if (!this.#call(state, final, events)) return;
    }
  }

  /** Reads reasoning up to its end or a call marker in it; false when more text is needed. */
  #reasoning(state: ReasoningState, final: boolean, events: TextToolCallEvent[]): boolean {
    if (this.#atStart) {
      const lead = this.#buffer.trimStart();
      if (!final && "<think>".startsWith(lead)) return false; // wait: it may be a repeated <think>
      this.#atStart = false;
      if (lead.startsWith("<think>")) this.#buffer = lead.slice("<think>".length);
    }
    const scan = scanMarkers(this.#buffer, this.#reasoningMarkers(state.rule), final, undefined);
    const upTo = scan.found ? scan.index : scan.safeUpTo;
    if (upTo > 0) {
      const text = this.#buffer.slice(0, upTo);
      if (state.held.length > 0) state.held.push({ reasoning: text });
      else events.push({ type: "reasoning", text });
    }
    if (!scan.found) {
      this.#buffer = this.#buffer.slice(upTo);
      // The completion ended inside the reasoning: calls held in it were calls after all.
      if (final) this.#releaseHeld(state.held, "calls", events);
      return false;
    }
    this.#buffer = this.#buffer.slice(scan.index + scan.rule.start.length);
    const call = scan.rule.call;
    if (call) {
      this.#state = {
        mode: "call",
        rule: call,
        start: call.start,
        searchFrom: 0,
        inReasoning: state,
      };
    } else {
      this.#releaseHeld(state.held, "reasoning", events);
      this.#state = { mode: "text" };
    }
    return true;
  }

  /** Reads a call block up to its end; false when more text is needed. */
  #call(
    state: Extract<State, { mode: "call" }>,
    final: boolean,
    events: TextToolCallEvent[],
  ): boolean {
    const { rule } = state;
    let inner: string;
    let closing = "";
    let complete: boolean;
    if (rule.endAt) {
      const length = rule.endAt(this.#buffer);
      if (length === undefined && !final) return false;
      inner = this.#buffer.slice(0, length);
      complete = length !== undefined;
    } else {
      const end = findEnd(this.#buffer, rule.end, state.searchFrom);
      if (end === undefined && !final) {
        state.searchFrom = Math.max(0, this.#buffer.length - longestEnd(rule) + 1);
        return false;
      }
      // Cut off inside the end marker (`…}</func`): the marker's start is no part of the call.
      inner =
        end === undefined
          ? this.#buffer.slice(0, this.#buffer.length - partialEnd(this.#buffer, rule.end))
          : this.#buffer.slice(0, end.index);
      if (end) closing = this.#buffer.slice(end.index, end.index + end.length);
      else closing = this.#buffer.slice(inner.length);
      // A block without end markers runs to the end of the completion: it is complete.
      complete = end !== undefined || !rule.end || rule.end.length === 0;
    }
    this.#buffer = this.#buffer.slice(inner.length + closing.length);
    const pieces = rule.parse(inner, { start: state.start, complete, tools: this.#tools });
    const reasoning = state.inReasoning;
    this.#state = reasoning ?? { mode: "text" };
    if (reasoning?.rule.calls === "read-if-left-open") {
      reasoning.held.push({ raw: `${state.start}${inner}${closing}`, pieces });
    } else this.#pieces(pieces, events);
    return true;
  }

  /** Held calls as what they turned out to be: reasoning text (the block closed), or calls (it was left open). */
  #releaseHeld(held: Held, as: "reasoning" | "calls", events: TextToolCallEvent[]): void {
    for (const item of held.splice(0)) {
      if ("reasoning" in item) events.push({ type: "reasoning", text: item.reasoning });
      else if (as === "reasoning") events.push({ type: "reasoning", text: item.raw });
      else this.#pieces(item.pieces, events);
    }
  }

  #reasoningMarkers(rule: ReasoningRule): readonly ReasoningMarker[] {
    let markers = this.#reasoningMarkerCache.get(rule);
    if (!markers) {
      markers = rule.end.map((start): ReasoningMarker => ({ start }));
      if (rule.calls) {
        for (const marker of this.#format.markers) {
          if (marker.kind === "call" && !marker.anchored)
            markers.push({ start: marker.start, call: marker });
        }
      }
      this.#reasoningMarkerCache.set(rule, markers);
    }
    return markers;
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

/** The length of the longest end of `text` that begins one of `ends` without completing it. */
function partialEnd(text: string, ends: readonly string[] | undefined): number {
  let longest = 0;
  for (const end of ends ?? []) {
    for (let length = Math.min(end.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(end.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

function longestEnd(rule: CallRule): number {
  let longest = 0;
  for (const marker of rule.end ?? []) longest = Math.max(longest, marker.length);
  return longest;
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
