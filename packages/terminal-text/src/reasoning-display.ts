import { oneLine, plainStyle, type TextStyle } from "@tinyloop/agent-session";
import { compactCount } from "./compact-count.js";

/**
 * How a front end shows a model's reasoning (agent-loop's `reasoning-delta` events):
 * `collapsed` one dim line per stretch of reasoning ({@link reasoningLine}), `full` the whole
 * reasoning streamed dim as it comes, `hidden` nothing.
 */
export const REASONING_DISPLAYS = ["collapsed", "full", "hidden"] as const;

/** One of {@link REASONING_DISPLAYS}. */
export type ReasoningDisplay = (typeof REASONING_DISPLAYS)[number];

/** Where a program keeps its reasoning display, so `/reasoning` can read and change it. */
export interface ReasoningDisplaySetting {
  get(): ReasoningDisplay;
  set(display: ReasoningDisplay): void;
}

/**
 * How many characters of the reasoning's start the collapsed line shows: with `▸ thinking: `
 * and the size, the line stays within an 80-column terminal, so it is one line on screen too.
 */
const FIRST_WORDS = 50;

/** `840 chars`, `1.2k chars`, `35k chars`. */
export function formatCharCount(count: number): string {
  return `${compactCount(count)} chars`;
}

/**
 * The collapsed line for one stretch of reasoning, dim, without the newline:
 * `▸ thinking: The user wants the file listed, so I will call… (1.2k chars)`. Whitespace is
 * folded and control characters made visible (`oneLine`), so model text cannot move the
 * cursor. Undefined when the reasoning is only whitespace.
 */
export function reasoningLine(
  reasoning: string,
  { style = plainStyle }: { style?: TextStyle } = {},
): string | undefined {
  const size = reasoning.trim().length;
  if (size === 0) return undefined;
  return style.dim(`▸ thinking: ${oneLine(reasoning, FIRST_WORDS)} (${formatCharCount(size)})`);
}

/** The heading line above reasoning streamed in full, dim, without the newline. */
export function reasoningHeading({ style = plainStyle }: { style?: TextStyle } = {}): string {
  return style.dim("▾ thinking");
}

/** What `/reasoning` says a display does, for its answer. */
export function describeReasoningDisplay(display: ReasoningDisplay): string {
  switch (display) {
    case "collapsed":
      return "reasoning: one line per turn (/reasoning show for all of it, /reasoning hide for none)";
    case "full":
      return "reasoning: shown in full (/reasoning collapse for one line per turn, /reasoning hide for none)";
    case "hidden":
      return "reasoning: hidden (/reasoning show for all of it, /reasoning collapse for one line per turn)";
  }
}

/** The words `/reasoning` takes and the display each sets. */
const REASONING_WORDS: Readonly<Record<string, ReasoningDisplay>> = {
  show: "full",
  collapse: "collapsed",
  hide: "hidden",
};

/**
 * `/reasoning [show|collapse|hide]`: sets the display (`show` → `full`, `collapse` →
 * `collapsed`, `hide` → `hidden`) and says what it now is; without a word, says what it is.
 * Another word answers what was expected.
 */
export function reasoningCommand(
  word: string | undefined,
  setting: ReasoningDisplaySetting,
): string {
  if (word !== undefined) {
    const display = REASONING_WORDS[word.toLowerCase()];
    if (display === undefined) {
      return `/reasoning: expected show, collapse or hide, got ${JSON.stringify(oneLine(word, 40))} (example: /reasoning hide)`;
    }
    setting.set(display);
  }
  return describeReasoningDisplay(setting.get());
}
