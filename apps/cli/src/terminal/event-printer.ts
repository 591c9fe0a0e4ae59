import type { Writable } from "node:stream";
import type { AgentEvent } from "@tinyloop/agent-loop";
import { eventLine, type ResultsMode, visibleControls } from "@tinyloop/agent-session";
import { rateLimitedLog } from "@tinyloop/mcp-transport";
import type { Style } from "./style.js";

/**
 * Shows agent events to a person: the answer streams to `text` (the model's control
 * characters made visible, agent-session's `visibleControls`), each tool call and its
 * result goes to `info` as its own line (agent-session's `eventLine`: name, short arguments,
 * summary, duration); with `verbose`, also each progress report of a running tool — cut to
 * 5 of a kind per 5 s, and {@link EventPrinter.flush} says how many were left out.
 */
export class EventPrinter {
  readonly #text: Writable;
  readonly #info: Writable;
  readonly #style: Style;
  readonly #verbose: boolean;
  /** `short`: each tool result as one line; `full`: its whole text (the REPL's `/results` switches it). */
  results: ResultsMode;
  #textAtLineStart = true;
  readonly #progressLines = rateLimitedLog((line) => this.line(line));

  constructor({
    text,
    info,
    style,
    verbose = false,
    results = "short",
  }: {
    text: Writable;
    info: Writable;
    style: Style;
    verbose?: boolean;
    results?: ResultsMode;
  }) {
    this.results = results;
    this.#text = text;
    this.#info = info;
    this.#style = style;
    this.#verbose = verbose;
  }

  /** Ends a half-written answer line so the next line starts clean. */
  breakLine(): void {
    if (!this.#textAtLineStart) {
      this.#text.write("\n");
      this.#textAtLineStart = true;
    }
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
    if (event.type === "text-delta") {
      if (event.text === "") return;
      this.#text.write(visibleControls(event.text));
      this.#textAtLineStart = event.text.endsWith("\n");
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
}
