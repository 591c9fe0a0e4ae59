// The sandbox runtime runs with its debug log on (SRT_DEBUG) because that log is the only
// place it reports what its proxy refused. Its lines share the server's stderr: this filter
// takes them out, and turns each refusal into one line a person reads.

const DEBUG_PREFIX = "[SandboxDebug] ";
const BLOCKED = /^(?:Connection|HTTP request) blocked to (\S+)/;

/**
 * Splits a sandboxed server's stderr into the server's own lines (returned, for its stderr
 * tail) and the runtime's debug log (dropped), calling `onDenied` with `a connection to
 * HOST:PORT` for each connection the sandbox refused, which also stays in the tail as
 * `sandbox: denied a connection to HOST:PORT`.
 */
export class SandboxLogFilter {
  #partial = "";
  /** Inside a multi-line value the runtime logged (`{` … `}`). */
  #inValue = false;

  constructor(private readonly onDenied: (what: string) => void) {}

  /** The part of `chunk` that is the server's own (whole lines; a partial one waits). */
  push(chunk: string): string {
    const lines = (this.#partial + chunk).split("\n");
    this.#partial = lines.pop() ?? "";
    return lines.map((line) => this.#line(line)).join("");
  }

  /** What is left when the stream ends. */
  flush(): string {
    const rest = this.#partial;
    this.#partial = "";
    return rest === "" ? "" : this.#line(rest).replace(/\n$/, "");
  }

  #line(line: string): string {
    if (this.#inValue) {
      if (/^[}\]]\s*$/.test(line)) this.#inValue = false;
      return "";
    }
    if (!line.startsWith(DEBUG_PREFIX)) return `${line}\n`;
    const message = line.slice(DEBUG_PREFIX.length);
    if (/[{[]\s*$/.test(message)) this.#inValue = true;
    const blocked = BLOCKED.exec(message);
    if (!blocked) return "";
    const what = `a connection to ${blocked[1]}`;
    this.onDenied(what);
    return `sandbox: denied ${what}\n`;
  }
}
