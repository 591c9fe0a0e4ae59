import type { ToolSpec } from "../types.js";
import type { TextToolCall } from "./text-format.js";
import type { TextToolCallFormat } from "./text-tool-call-formats.js";
import { type TextToolCallEvent, TextToolCallStream } from "./text-tool-call-stream.js";

/** A whole completion read by its format: the answer, the reasoning apart, and the calls. */
export interface ParsedToolCallText {
  /** The answer text outside calls and reasoning, trimmed; `null` when there is none. */
  content: string | null;
  /** Reasoning (`<think>…</think>` and the formats' own channels), trimmed; absent when none. */
  reasoning?: string;
  /** The calls in order. A call with `error` must not run: its error is the tool's result. */
  toolCalls: TextToolCall[];
}

/** Joins streamed events into the whole-completion result (one rule for both paths). */
export function collectTextToolCallEvents(
  events: readonly TextToolCallEvent[],
): ParsedToolCallText {
  let content = "";
  let reasoning: string | undefined;
  const toolCalls: TextToolCall[] = [];
  for (const event of events) {
    if (event.type === "text") content += event.text;
    else if (event.type === "reasoning") reasoning = (reasoning ?? "") + event.text;
    else toolCalls.push(event.call);
  }
  const answer = content.trim();
  const thought = reasoning?.trim();
  return {
    content: answer === "" ? null : answer,
    ...(thought ? { reasoning: thought } : {}),
    toolCalls,
  };
}

/**
 * Reads a whole completion written in `format` (one of {@link TEXT_TOOL_CALL_FORMATS}).
 * With `tools`, a call to a tool not among them comes back with an `UNKNOWN_TOOL` error.
 * Never throws on model output; throws a `TypeError` for an unknown format name.
 */
export function parseToolCallText(
  format: TextToolCallFormat,
  text: string,
  options: {
    tools?: readonly ToolSpec[] | undefined;
    /** The prompt already opened `<think>` (see {@link TextToolCallStream}). */
    startsInReasoning?: boolean;
  } = {},
): ParsedToolCallText {
  const stream = new TextToolCallStream(format, options);
  return collectTextToolCallEvents([...stream.push(text), ...stream.end()]);
}
