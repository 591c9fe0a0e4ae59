/**
 * Reads the value literals models write where JSON was asked for: JSON itself, Python
 * literals (`'single quotes'`, `True`/`False`/`None`, as real Hermes and pythonic output has),
 * bare object keys and a custom string delimiter (Gemma 4's `<|"|>`, FunctionGemma's
 * `<escape>`), and trailing commas. One value at `position`; reports where it stopped.
 */
export interface LooseValueOptions {
  /** Extra string delimiters besides `"` and `'`, each opening and closing a raw string. */
  delimiters?: readonly string[];
}

/** The value read and the index after it, or why it could not be read. */
export type LooseValueResult =
  | { ok: true; value: unknown; end: number }
  | { ok: false; problem: string };

class LooseSyntaxError extends Error {}

/** Reads one loose value from `text` at `position` (leading whitespace skipped). */
export function readLooseValue(
  text: string,
  position = 0,
  options: LooseValueOptions = {},
): LooseValueResult {
  const reader = new LooseReader(text, options.delimiters ?? []);
  try {
    reader.position = position;
    const value = reader.value();
    return { ok: true, value, end: reader.position };
  } catch (error) {
    if (error instanceof LooseSyntaxError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** Reads `text` as one loose value with nothing but whitespace after it. */
export function parseLooseValue(text: string, options: LooseValueOptions = {}): LooseValueResult {
  const result = readLooseValue(text, 0, options);
  if (!result.ok) return result;
  if (text.slice(result.end).trim() !== "") {
    return { ok: false, problem: `unexpected text after the value at character ${result.end}` };
  }
  return result;
}

const constants: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
};

/** A recursive-descent reader over one string. */
export class LooseReader {
  position = 0;
  constructor(
    readonly text: string,
    readonly delimiters: readonly string[],
  ) {}

  fail(what: string): never {
    const got =
      this.position >= this.text.length
        ? "the end"
        : JSON.stringify(this.text.slice(this.position, this.position + 12));
    throw new LooseSyntaxError(`expected ${what} at character ${this.position}, got ${got}`);
  }

  skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position]!))
      this.position++;
  }

  value(): unknown {
    this.skipSpace();
    const char = this.text[this.position];
    if (char === undefined) this.fail("a value");
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    for (const delimiter of this.delimiters) {
      if (this.text.startsWith(delimiter, this.position)) return this.rawString(delimiter);
    }
    if (char === '"' || char === "'") return this.quoted(char);
    const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(
      this.text.slice(this.position, this.position + 64),
    );
    if (number) {
      const value = Number(number[0]);
      // 1e999 overflows: no JSON can carry it, so it is no value a tool can take.
      if (!Number.isFinite(value)) return this.fail("a number JSON can hold");
      this.position += number[0].length;
      return value;
    }
    const word = /^[A-Za-z_]\w*/.exec(this.text.slice(this.position, this.position + 64));
    if (word && word[0] in constants) {
      this.position += word[0].length;
      return constants[word[0]];
    }
    return this.fail("a value (a string, number, object, list, true/false or null)");
  }

  object(): Record<string, unknown> {
    this.position++; // {
    const result: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === "}") {
        this.position++;
        return result;
      }
      const key = this.key();
      this.skipSpace();
      if (this.text[this.position] !== ":") this.fail('":" after an object key');
      this.position++;
      result[key] = this.value();
      this.skipSpace();
      const next = this.text[this.position];
      if (next === ",") this.position++;
      else if (next !== "}") this.fail('"," or "}"');
    }
  }

  key(): string {
    for (const delimiter of this.delimiters) {
      if (this.text.startsWith(delimiter, this.position)) return this.rawString(delimiter);
    }
    const char = this.text[this.position];
    if (char === '"' || char === "'") return this.quoted(char);
    // A bare key runs to its colon; Gemma 4 writes keys with spaces bare (`Basic LLM Chain:`).
    const bare = /^[A-Za-z_$][^:,{}[\]"'\n]*/.exec(
      this.text.slice(this.position, this.position + 256),
    );
    if (!bare) this.fail("an object key");
    this.position += bare[0].length;
    return bare[0].trimEnd();
  }

  array(): unknown[] {
    this.position++; // [
    const result: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === "]") {
        this.position++;
        return result;
      }
      result.push(this.value());
      this.skipSpace();
      const next = this.text[this.position];
      if (next === ",") this.position++;
      else if (next !== "]") this.fail('"," or "]"');
    }
  }

  rawString(delimiter: string): string {
    const start = this.position + delimiter.length;
    const end = this.text.indexOf(delimiter, start);
    if (end < 0) this.fail(`a closing ${delimiter}`);
    this.position = end + delimiter.length;
    return this.text.slice(start, end);
  }

  quoted(quote: string): string {
    let result = "";
    let index = this.position + 1;
    for (;;) {
      const char = this.text[index];
      if (char === undefined) {
        this.position = index;
        this.fail(`a closing ${quote}`);
      }
      if (char === quote) break;
      if (char === "\\") {
        const next = this.text[index + 1];
        if (next === undefined) {
          this.position = index + 1;
          this.fail(`a closing ${quote}`);
        }
        if (next === "u") {
          result += String.fromCharCode(Number.parseInt(this.text.slice(index + 2, index + 6), 16));
          index += 6;
          continue;
        }
        result += escapes[next] ?? next;
        index += 2;
        continue;
      }
      result += char;
      index++;
    }
    this.position = index + 1;
    return result;
  }
}

const escapes: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "0": "\0" };
