/** A 1-based line and column in a text file. */
export interface Position {
  line: number;
  column: number;
}

/** Turns offsets into line:column and shows a line with a caret under a column. */
export class SourceText {
  private starts: number[] | undefined;

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

  /** `  12 | "url": "ftp://x"` and a caret line under `column` (long lines are cut around it). */
  excerpt({ line, column }: Position): string {
    const start = this.lineStarts[line - 1] ?? 0;
    const end = this.lineStarts[line] ?? this.text.length + 1;
    let content = this.text.slice(start, end - 1).replace(/\r$/, "");
    let caret = column - 1;
    if (content.length > 100) {
      const from = Math.max(0, caret - 50);
      content = `${from > 0 ? "…" : ""}${content.slice(from, from + 100)}`;
      caret = caret - from + (from > 0 ? 1 : 0);
    }
    const gutter = String(line);
    return `  ${gutter} | ${content.replace(/\t/g, " ")}\n  ${" ".repeat(gutter.length)} | ${" ".repeat(Math.max(0, caret))}^`;
  }
}
