import type { Writable } from "node:stream";
import type { AgentEvent } from "@tinyloop/agent-loop";
import type { Style } from "./style.js";
import { formatDuration, oneLine, shortArguments, summarizeResult } from "./summarize.js";

/**
 * Shows agent events to a person: the answer streams to `text`, each tool call and its
 * result (name, short arguments, summary, duration) goes to `info` as its own line; with
 * `verbose`, also each progress report of a running tool (`… name 3/10 message`).
 */
export class EventPrinter {
  readonly #text: Writable;
  readonly #info: Writable;
  readonly #style: Style;
  readonly #verbose: boolean;
  #textAtLineStart = true;

  constructor({
    text,
    info,
    style,
    verbose = false,
  }: {
    text: Writable;
    info: Writable;
    style: Style;
    verbose?: boolean;
  }) {
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

  /** Renders one event; `done` is left to the caller, who knows what it means there. */
  show(event: AgentEvent): void {
    const s = this.#style;
    switch (event.type) {
      case "text-delta":
        if (event.text === "") return;
        this.#text.write(event.text);
        this.#textAtLineStart = event.text.endsWith("\n");
        return;
      case "tool-call":
        this.line(
          s.cyan(`→ ${event.call.name}`) + s.dim(` ${shortArguments(event.call.arguments)}`),
        );
        return;
      case "tool-result": {
        const mark =
          event.outcome === "ok"
            ? s.green("✓")
            : event.outcome === "denied"
              ? s.yellow("✗ denied")
              : s.red(`✗ ${event.outcome}`);
        // A denial's reason says how to allow the call: it is shown whole, never cut.
        const summary =
          event.outcome === "denied"
            ? summarizeResult(event.result, Number.POSITIVE_INFINITY)
            : oneLine(summarizeResult(event.result), 100);
        this.line(
          `${mark} ${event.call.name} ${s.dim(formatDuration(event.durationMs))} ${s.dim("·")} ${summary}`,
        );
        return;
      }
      case "tool-progress": {
        if (!this.#verbose) return;
        const done =
          event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
        const message = event.message ? ` ${oneLine(event.message, 80)}` : "";
        this.line(s.dim(`… ${event.call.name} ${done}${message}`));
        return;
      }
      default:
        return;
    }
  }
}
