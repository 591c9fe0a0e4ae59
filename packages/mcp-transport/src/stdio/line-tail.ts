/** Keeps the last `limit` lines of a stream (a partial last line counts as a line). */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(private readonly limit: number) {}

  /** Appends a chunk of text. */
  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    for (const line of parts)
      this.lines.push(line.length > 2_000 ? `${line.slice(0, 2_000)}…` : line);
    if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
    if (this.partial.length > 2_000) {
      this.lines.push(`${this.partial.slice(0, 2_000)}…`);
      this.partial = "";
    }
  }

  /** The kept lines, oldest first, ending with an unterminated last line if any. */
  snapshot(): string[] {
    const out = this.partial ? [...this.lines, this.partial] : [...this.lines];
    return out.slice(-this.limit);
  }
}
