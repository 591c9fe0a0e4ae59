import { Marked } from "marked";
import { markedTerminal } from "marked-terminal";

/**
 * Renders a streamed answer's Markdown for a terminal (headings, bold, lists, tables, code
 * blocks highlighted) with `marked` and `marked-terminal`, a block at a time: text is held
 * until its block closes — a blank line outside a code fence — so a half-streamed table or
 * fence is never drawn wrong. `write` returns what can be shown now; `end` the rest.
 */
export class MarkdownBlocks {
  readonly #marked: Marked;
  #pending = "";

  constructor({ width }: { width?: number } = {}) {
    this.#marked = new Marked(
      markedTerminal({
        reflowText: false,
        showSectionPrefix: false,
        ...(width ? { width } : {}),
        tab: 2,
      }) as never,
    );
  }

  /** Adds a piece of the answer; returns the rendered blocks it closed ("" while one is open). */
  write(delta: string): string {
    this.#pending += delta;
    const cut = lastBlockEnd(this.#pending);
    if (cut === 0) return "";
    const done = this.#pending.slice(0, cut);
    this.#pending = this.#pending.slice(cut);
    return this.#render(done);
  }

  /** The answer ended: renders what is left. */
  end(): string {
    const rest = this.#pending;
    this.#pending = "";
    return rest.trim() === "" ? "" : this.#render(rest);
  }

  #render(markdown: string): string {
    const out = this.#marked.parse(markdown, { async: false }) as string;
    return out.endsWith("\n") ? out : `${out}\n`;
  }
}

/** Index just after the last blank line that is outside a ``` fence; 0 when there is none. */
function lastBlockEnd(text: string): number {
  let inFence = false;
  let end = 0;
  let offset = 0;
  const lines = text.split("\n");
  // The last element is a line still streaming: never counted as closed.
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i] ?? "";
    offset += line.length + 1;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === "" && i > 0) end = offset;
  }
  return end;
}
