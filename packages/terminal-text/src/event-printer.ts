import type { AgentEvent } from "@tinyloop/agent-loop";
import { type TextStyle, visibleControls } from "@tinyloop/agent-session";
import { rateLimitedLog } from "@tinyloop/mcp-transport";
import { eventLine } from "./event-line.js";
import type { MarkdownBlocks } from "./markdown-blocks.js";
import { type ReasoningDisplay, reasoningHeading, reasoningLine } from "./reasoning-display.js";
import type { ResultsMode } from "./session-commands.js";

/** Where a {@link EventPrinter} writes: stdout, stderr, or anything with `write(text)`. */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * Shows agent events to a person: the answer streams to `text` (the model's control
 * characters made visible, agent-session's `visibleControls`), each tool call and its
 * result goes to `info` as its own line (terminal-text's `eventLine`: name, short arguments,
 * summary, duration); with `verbose`, also each progress report of a running tool — cut to
 * 5 of a kind per 5 s, and {@link EventPrinter.flush} says how many were left out.
 * The model's reasoning goes to `info` as `reasoning()` says: `collapsed` one dim
 * `▸ thinking: …` line once the stretch of reasoning ends, `full` streamed dim under a
 * `▾ thinking` line, `hidden` not at all.
 */
export class EventPrinter {
  readonly #text: TextSink;
  readonly #info: TextSink;
  readonly #style: TextStyle;
  readonly #verbose: boolean;
  readonly #reasoning: () => ReasoningDisplay;
  /** `short`: each tool result as one line; `full`: its whole text (the REPL's `/results` switches it). */
  results: ResultsMode;
  readonly #markdown: MarkdownBlocks | undefined;
  #textAtLineStart = true;
  /** Collapsed: the reasoning of the stretch going on, for its one line. */
  #heldReasoning = "";
  /** Full: reasoning is being streamed to `info`, and whether its last piece ended a line. */
  #streamingReasoning = false;
  #reasoningAtLineStart = true;
  readonly #progressLines = rateLimitedLog((line) => this.line(line));

  constructor({
    text,
    info,
    style,
    verbose = false,
    reasoning = () => "hidden",
    results = "short",
    markdown,
  }: {
    /** Where the answer streams (stdout). */
    text: TextSink;
    /** Where tool lines, reasoning and status go (stderr for a one-shot run, stdout in a chat). */
    info: TextSink;
    style: TextStyle;
    verbose?: boolean;
    /** How to show reasoning, asked at each piece (the REPL's `/reasoning` changes it). */
    reasoning?: () => ReasoningDisplay;
    results?: ResultsMode;
    /** Renders the answer's Markdown a block at a time (a colour terminal only). */
    markdown?: MarkdownBlocks;
  }) {
    this.results = results;
    this.#markdown = markdown;
    this.#text = text;
    this.#info = info;
    this.#style = style;
    this.#verbose = verbose;
    this.#reasoning = reasoning;
  }

  /** Ends a half-written answer line (and a stretch of reasoning) so the next line starts clean. */
  breakLine(): void {
    this.#endReasoning();
    // The answer's last Markdown block is shown once something else is to be printed.
    const rest = this.#markdown?.end();
    if (rest) this.#writeText(rest);
    if (!this.#textAtLineStart) {
      this.#text.write("\n");
      this.#textAtLineStart = true;
    }
  }

  #writeText(text: string): void {
    this.#text.write(text);
    this.#textAtLineStart = text.endsWith("\n");
  }

  /** One line of information (status, errors), never mixed into a half-written answer. */
  line(text: string): void {
    this.breakLine();
    this.#info.write(`${text}\n`);
  }

  /** Prints the count of progress lines a flood cut (call it at exit). */
  flush(): void {
    this.#progressLines.flush();
  }

  /** Renders one event; `done` is left to the caller, who knows what it means there. */
  show(event: AgentEvent): void {
    if (event.type === "reasoning-delta") {
      this.#showReasoning(event.text);
      return;
    }
    // Anything else (the answer, a tool call, the turn's end) ends a stretch of reasoning.
    this.#endReasoning();
    if (event.type === "text-delta") {
      if (event.text === "") return;
      const text = visibleControls(event.text);
      if (this.#markdown) {
        const blocks = this.#markdown.write(text);
        if (blocks) this.#writeText(blocks);
      } else this.#writeText(text);
      return;
    }
    const line = eventLine(event, {
      style: this.#style,
      verbose: this.#verbose,
      results: this.results,
    });
    if (line === undefined) return;
    if (event.type === "tool-progress") this.#progressLines(line);
    else this.line(line);
  }

  #showReasoning(piece: string): void {
    const display = this.#reasoning();
    if (piece === "" || display === "hidden") return;
    if (display === "collapsed") {
      this.#heldReasoning += piece;
      return;
    }
    if (!this.#streamingReasoning) {
      this.line(reasoningHeading({ style: this.#style }));
      this.#streamingReasoning = true;
      this.#reasoningAtLineStart = true;
    }
    this.#info.write(this.#style.dim(visibleControls(piece)));
    this.#reasoningAtLineStart = piece.endsWith("\n");
  }

  #endReasoning(): void {
    if (this.#streamingReasoning) {
      this.#streamingReasoning = false;
      if (!this.#reasoningAtLineStart) this.#info.write("\n");
    }
    const held = this.#heldReasoning;
    this.#heldReasoning = "";
    const line = reasoningLine(held, { style: this.#style });
    if (line !== undefined) this.line(line);
  }
}
