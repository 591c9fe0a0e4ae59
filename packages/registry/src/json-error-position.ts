/** Where a JSON text stops being valid: offset plus 1-based line and column. */
export interface JsonErrorPosition {
  offset: number;
  line: number;
  column: number;
}

class StopAt {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * Finds the first offset at which `text` breaks the JSON grammar, or `undefined` when it is
 * valid. Node's own `JSON.parse` messages often omit the position, so we scan ourselves —
 * only after a parse has already failed, so speed does not matter.
 */
export function findJsonErrorPosition(text: string): JsonErrorPosition | undefined {
  let i = 0;
  const stop = (): never => {
    throw new StopAt(i);
  };
  const skipWhitespace = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (char: string): void => {
    skipWhitespace();
    if (text[i] !== char) stop();
    i++;
  };
  const readString = (): void => {
    i++; // opening quote
    for (;;) {
      const char = text[i];
      if (char === undefined || char.charCodeAt(0) < 0x20) stop();
      if (char === '"') {
        i++;
        return;
      }
      if (char === "\\") {
        i++;
        const escaped = text[i];
        if (escaped === "u") {
          HEX4.lastIndex = i + 1;
          if (!HEX4.test(text)) stop();
          i += 5;
        } else if (escaped !== undefined && ESCAPES.includes(escaped)) i++;
        else stop();
      } else i++;
    }
  };
  const readSequence = (close: string, readItem: () => void): void => {
    i++; // opening bracket
    skipWhitespace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      readItem();
      skipWhitespace();
      if (text[i] === ",") i++;
      else if (text[i] === close) {
        i++;
        return;
      } else stop();
    }
  };
  const readValue = (): void => {
    skipWhitespace();
    const char = text[i];
    if (char === "{") {
      readSequence("}", () => {
        skipWhitespace();
        if (text[i] !== '"') stop();
        readString();
        expect(":");
        readValue();
      });
    } else if (char === "[") readSequence("]", readValue);
    else if (char === '"') readString();
    else if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) stop();
      i = NUMBER.lastIndex;
    } else {
      const word = ["true", "false", "null"].find((literal) => text.startsWith(literal, i));
      if (word === undefined) stop();
      i += word!.length;
    }
  };
  try {
    readValue();
    skipWhitespace();
    if (i < text.length) stop();
    return undefined;
  } catch (error) {
    if (!(error instanceof StopAt)) return undefined; // e.g. a stack overflow on absurd nesting
    return positionOf(text, error.offset);
  }
}

function positionOf(text: string, offset: number): JsonErrorPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { offset, line: before.split("\n").length, column: offset - lineStart + 1 };
}
