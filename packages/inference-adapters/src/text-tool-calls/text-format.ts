import type { ToolSpec } from "../types.js";

/** A tool call read from text. `error` is set when it must not run (see the README's edge cases). */
export interface TextToolCall {
  name: string;
  /** The parsed arguments (usually an object); the raw text when `error.code` is `INVALID_ARGUMENTS`. */
  arguments: unknown;
  /**
   * Why this call must not run: its arguments could not be read (`INVALID_ARGUMENTS`, also
   * for a completion cut off inside the call) or its tool was not offered (`UNKNOWN_TOOL`).
   * The message is written for the model, so it can correct itself.
   */
  error?: { code: "INVALID_ARGUMENTS" | "UNKNOWN_TOOL"; message: string };
}

/** What one piece of a completion turned out to be. */
export type TextPiece =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "call"; call: TextToolCall };

/** What a call block's parser is told besides the block's text. */
export interface BlockContext {
  /** The marker that opened the block (some bare formats need it, e.g. `{` or `[`). */
  start: string;
  /** False when the completion ended before the block's end marker. */
  complete: boolean;
  tools: readonly ToolSpec[] | undefined;
}

/**
 * One marker a format recognises. `call` blocks are held until their end and then parsed;
 * `reasoning` blocks stream as reasoning until their end; `drop` markers are removed and
 * the text goes on.
 */
export type MarkerRule =
  | {
      kind: "call";
      start: string;
      /** End markers (the first one found ends the block); none → the block runs to the end of the completion. */
      end?: readonly string[];
      /** Only recognised where nothing but whitespace was answered so far (bare JSON / list formats). */
      anchored?: boolean;
      /**
       * For blocks that end where their own syntax closes (a balanced literal) rather than at
       * a marker: the length of the block in `inner` (its closing marker included), or
       * undefined while more text is needed to tell. Used instead of `end`.
       */
      endAt?(inner: string): number | undefined;
      parse(inner: string, context: BlockContext): TextPiece[];
    }
  | {
      kind: "reasoning";
      start: string;
      end: readonly string[];
      anchored?: boolean;
      /**
       * Call blocks written inside this reasoning: absent, they are reasoning text; `read`,
       * they are calls (Kimi-K2 Thinking writes them there); `read-if-left-open`, they are
       * reasoning when the block closes and calls when the completion ends with it still open
       * (llama.cpp's DeepSeek V3.1 rule).
       */
      calls?: "read" | "read-if-left-open";
    }
  | { kind: "drop"; start: string; anchored?: boolean };

/** A tool result as a text format sends it back. */
export interface TextToolResult {
  id: string;
  name: string;
  /** The result as text (its text blocks joined; other blocks described). */
  text: string;
  isError: boolean;
}

/** Everything tinyloop knows about one text tool-call format: its markers, parse and prompt. */
export interface TextFormat {
  name: string;
  markers: readonly MarkerRule[];
  /** Text the prompt ends with that the completion continues (functionary v3.2's `>>>`). */
  continues?: string;
  /** The tools section for the system prompt, in the family's chat-template wording. */
  renderTools(tools: readonly ToolSpec[]): string;
  /** How an assistant turn with these calls looked when the model wrote it. */
  renderCalls(calls: readonly { name: string; arguments: unknown; id: string }[]): string;
  /** The user turn that carries tool results back, as the model was trained to read them. */
  renderResults(results: readonly TextToolResult[]): string;
}
