import type { RunTimeline, TimelineBar } from "@tinyloop/agent-loop";
import { type TextStyle, visibleControls } from "@tinyloop/agent-session";
import { compactCount, formatDuration } from "./compact-count.js";

/** The style of a timeline: a {@link TextStyle} that says whether it draws colours at all. */
export interface TimelineStyle extends TextStyle {
  /** False: the bars are drawn in plain characters (`#`, `!`), with no escape sequence. */
  readonly enabled: boolean;
}

/** Options of {@link timelineLines}. */
export interface TimelineLinesOptions {
  /** Columns every line fits in (the terminal's width; 80 in a pipe). */
  width: number;
  /** Colours on a colour terminal; without them the bars are drawn in plain characters. */
  style: TimelineStyle;
}

/** Narrowest drawing: below this the lines are cut anyway (a 20-column terminal is unusable). */
const MIN_WIDTH = 24;
/** The bar area takes at least this many columns, and the text beside it at most this share. */
const MIN_BAR = 8;
const MAX_TEXT_SHARE = 0.5;
/** Names are cut to no fewer columns than this before the notes go. */
const MIN_NAME = 8;

/** One row's text beside its bar, in parts, so that the name is what gets cut. */
interface RowText {
  indent: string;
  name: string;
  duration: string;
  note: string;
  bar: TimelineBar;
}

/**
 * A run as a waterfall in the terminal: a header (time, turns, tokens, how it ended), then
 * one row per model call (`turn N`, its duration and tokens) and per tool call (indented,
 * its duration, `✗ outcome` when it did not succeed), each with a bar on one time axis, so
 * parallel calls are bars side by side on overlapping columns. Every line fits `width`.
 * With colours the bars are blocks (model cyan, tools green, failures red, denied or
 * cancelled yellow); without them plain characters tell them apart: `=` a model call,
 * `#` a tool call, `x` a failure, `-` denied or cancelled. Names are the model's text:
 * control characters are shown, never sent to the terminal.
 */
export function timelineLines(
  timeline: RunTimeline,
  { width, style }: TimelineLinesOptions,
): string[] {
  const columns = Math.max(MIN_WIDTH, Math.floor(width));
  const header = cut(headerText(timeline), columns);
  if (timeline.bars.length === 0) return [style.bold(header), style.dim("no model call was made")];
  const rows = timeline.bars.map(rowText);
  const layout = columnsOf(rows, columns);
  const textWidth = layout.name + 1 + layout.duration + (layout.note > 0 ? 1 + layout.note : 0);
  const barWidth = columns - textWidth - 1;
  const total = timeline.durationMs;
  const lines = [style.bold(header), style.dim(axis(textWidth, barWidth, total))];
  for (const row of rows) {
    const text = fitRow(row, layout);
    const [from, to] = span(row.bar, total, barWidth);
    const bar = paint(row.bar, to - from, style);
    const track = (n: number) => (style.enabled ? style.dim("·".repeat(n)) : " ".repeat(n));
    const after = barWidth - to;
    lines.push(
      `${colourText(text, row, style)} ${track(from)}${bar}${style.enabled ? track(after) : ""}`.trimEnd(),
    );
  }
  return lines;
}

function headerText(timeline: RunTimeline): string {
  const turns = timeline.turns === 1 ? "1 turn" : `${timeline.turns} turns`;
  const usage = timeline.usage;
  const tokens =
    usage && (usage.inputTokens > 0 || usage.outputTokens > 0)
      ? ` · tokens ${compactCount(usage.inputTokens)} in · ${compactCount(usage.outputTokens)} out`
      : "";
  const reason = timeline.reason ? ` · ${timeline.reason}` : "";
  return `timeline ${formatDuration(timeline.durationMs)} · ${turns}${tokens}${reason}`;
}

/** `0` under the bars' first column and the run's duration under their last. */
function axis(textWidth: number, barWidth: number, totalMs: number): string {
  const end = formatDuration(totalMs);
  const gap = Math.max(1, barWidth - 1 - end.length);
  return `${" ".repeat(textWidth + 1)}0${" ".repeat(gap)}${end}`.slice(0, textWidth + 1 + barWidth);
}

function rowText(bar: TimelineBar): RowText {
  const duration = formatDuration(bar.durationMs);
  if (bar.kind === "model") {
    const tokens = bar.usage
      ? `${compactCount(bar.usage.inputTokens)} in ${compactCount(bar.usage.outputTokens)} out`
      : "";
    const note =
      bar.status === "ok" ? tokens : `✗ ${bar.status === "error" ? "failed" : bar.status}`;
    return { indent: "", name: bar.label, duration, note, bar };
  }
  const name = visibleControls(bar.label).replace(/\s/g, " ");
  return { indent: "  ", name, duration, note: bar.status === "ok" ? "" : `✗ ${bar.status}`, bar };
}

/** Widths of the text columns: name (indent included), duration, note. */
interface Layout {
  name: number;
  duration: number;
  note: number;
}

/**
 * Column widths for `rows` in `columns`: as wide as their widest entry, the text taking at
 * most half the line (and leaving the bars `MIN_BAR` columns); names are narrowed first, then
 * notes.
 */
function columnsOf(rows: RowText[], columns: number): Layout {
  const widest = (of: (row: RowText) => string) => Math.max(...rows.map((row) => length(of(row))));
  const layout = {
    name: widest((row) => row.indent + row.name),
    duration: widest((row) => row.duration),
    note: widest((row) => row.note),
  };
  const room = Math.min(Math.floor(columns * MAX_TEXT_SHARE), columns - MIN_BAR - 1);
  const used = () => layout.name + 1 + layout.duration + (layout.note > 0 ? 1 + layout.note : 0);
  layout.name = Math.max(MIN_NAME, layout.name - Math.max(0, used() - room));
  if (layout.note > 0) layout.note = Math.max(1, layout.note - Math.max(0, used() - room));
  layout.name = Math.max(1, layout.name - Math.max(0, used() - room));
  return layout;
}

/** The row's text laid out in `layout`'s columns: name left, duration right, then the note. */
function fitRow(row: RowText, layout: Layout): string {
  const name = cut(row.indent + row.name, layout.name).padEnd(layout.name);
  const duration = row.duration.padStart(layout.duration);
  const note = layout.note > 0 ? ` ${fitNote(row.note, layout.note).padEnd(layout.note)}` : "";
  return `${name} ${duration}${note}`;
}

/** A note in `width` columns; too narrow for words, a failure keeps its `✗`, tokens go. */
function fitNote(note: string, width: number): string {
  if (width >= 3 || note === "") return cut(note, width);
  return note.startsWith("✗") ? "✗" : "";
}

/** Colours the name part of a row (its text stays as `fitRow` laid it out). */
function colourText(text: string, row: RowText, style: TimelineStyle): string {
  if (!style.enabled) return text;
  if (row.bar.status !== "ok") return text.replace("✗", style.red("✗"));
  return row.bar.kind === "model" ? style.bold(text) : text;
}

/** The bar's first column and the column after its last, on `width` columns for `totalMs`. */
function span(bar: TimelineBar, totalMs: number, width: number): [number, number] {
  if (totalMs <= 0) return [0, 1];
  // Rounded to a thousandth of a column first: 2000 / 2400 × 36 must be 30, not 29.99….
  const column = (ms: number) => Math.round((ms / totalMs) * width * 1000) / 1000;
  const from = Math.min(width - 1, Math.floor(column(bar.startMs)));
  const to = Math.min(width, Math.max(from + 1, Math.ceil(column(bar.endMs))));
  return [from, to];
}

function paint(bar: TimelineBar, size: number, style: TimelineStyle): string {
  const failed = bar.status === "error" || bar.status === "unavailable";
  const held = bar.status === "denied" || bar.status === "cancelled";
  if (!style.enabled)
    return (failed ? "x" : held ? "-" : bar.kind === "model" ? "=" : "#").repeat(size);
  const blocks = "█".repeat(size);
  if (failed) return style.red(blocks);
  if (held) return style.yellow(blocks);
  return bar.kind === "model" ? style.cyan(blocks) : style.green(blocks);
}

/** Characters, as the terminal counts them for the ASCII and common symbols used here. */
function length(text: string): number {
  return [...text].length;
}

/** `text` in at most `max` characters, `…` marking a cut. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join("")}…`;
}
