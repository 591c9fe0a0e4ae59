import { maskSecrets, type Redact, redactUrlsInText } from "@tinyloop/mcp-transport/config";

/** A 1-based line and column in a text file. */
export interface Position {
  line: number;
  column: number;
}

/** Characters of a line shown around the error column; a longer line is cut with `…`. */
const EXCERPT_WIDTH = 100;

/**
 * Turns offsets into line:column and shows a line with a caret under a column, with the
 * file's secrets masked (see {@link SourceText.hideSecrets}).
 */
export class SourceText {
  private starts: number[] | undefined;
  private secrets: string[] = [];
  private mask: Redact = (text) => text;

  constructor(readonly text: string) {}

  // Computed on first use: most files are read without a single message.
  private get lineStarts(): number[] {
    if (!this.starts) {
      this.starts = [0];
      for (let i = this.text.indexOf("\n"); i !== -1; i = this.text.indexOf("\n", i + 1))
        this.starts.push(i + 1);
    }
    return this.starts;
  }

  /** Line and column (both from 1) of a 0-based offset. */
  position(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 };
  }

  /**
   * Masks these texts (`***`) wherever an excerpt shows them: the file's own secrets
   * (header and env values, tokens) and values given to it from outside (`${input:…}` answers).
   */
  hideSecrets(secrets: readonly string[]): void {
    this.secrets.push(...secrets);
    this.mask = maskSecrets(this.secrets);
  }

  /**
   * `  12 | "url": "ftp://x"` and a caret line under `column`. Secrets are masked and every
   * URL printed without user info and query values; a long line is cut around the column.
   */
  excerpt({ line, column }: Position): string {
    const start = this.lineStarts[line - 1] ?? 0;
    const end = this.lineStarts[line] ?? this.text.length + 1;
    const raw = this.text.slice(start, end - 1).replace(/\r$/, "");
    let content = this.masked(raw);
    // Masking changes lengths: the caret goes where the masked text before it ends.
    let caret = Math.min(this.masked(raw.slice(0, column - 1)).length, content.length);
    if (content.length > EXCERPT_WIDTH) {
      const from = Math.max(0, caret - EXCERPT_WIDTH / 2);
      const to = from + EXCERPT_WIDTH;
      content = `${from > 0 ? "…" : ""}${content.slice(from, to)}${to < content.length ? "…" : ""}`;
      caret = caret - from + (from > 0 ? 1 : 0);
    }
    const gutter = String(line);
    return `  ${gutter} | ${content.replace(/\t/g, " ")}\n  ${" ".repeat(gutter.length)} | ${" ".repeat(Math.max(0, caret))}^`;
  }

  /** `text` (a line, a value quoted in a message) with the hidden secrets and URL credentials masked. */
  masked(text: string): string {
    return redactUrlsInText(this.mask(text));
  }
}
