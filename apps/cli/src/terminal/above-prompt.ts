import { clearScreenDown, cursorTo, type Interface, moveCursor } from "node:readline";

/** Where text goes: a stream, or anything with a `write(text)` (as `process.stderr`). */
export interface TextOut {
  write(text: string): unknown;
}

/** The prompt {@link AbovePrompt} prints above: a readline interface and its terminal. */
export interface ShownPrompt {
  /** The REPL's readline interface (created with `terminal: true`). */
  rl: Interface;
  /** The stream the prompt is drawn on (the interface's `output`). */
  output: TextOut;
  /** Whether the prompt (or a question) is on screen now, waiting for a line. */
  shown(): boolean;
}

/**
 * Lines written while the person is at a prompt (a server failing or coming back, a log
 * line), printed ABOVE the prompt instead of over it: `write(text)` clears the prompt's
 * rows, writes the text, then redraws the prompt (or the question being asked) with the
 * text typed so far and the cursor where it was. With no prompt attached, or while the
 * prompt is not shown (an answer is streaming), text is written as is, in order with the
 * answer.
 */
export interface AbovePrompt extends TextOut {
  write(text: string): true;
  /** Prints above `prompt` from now on; the returned function detaches it. */
  attach(prompt: ShownPrompt): () => void;
}

/**
 * Creates an {@link AbovePrompt} writing to `out` (stderr, on the same terminal as the
 * prompt). A chunk not ending in a newline leaves the prompt off until a chunk does, so a
 * line written in pieces stays whole.
 */
export function abovePrompt(out: TextOut): AbovePrompt {
  let prompt: ShownPrompt | undefined;
  // A line written in pieces is open: the prompt is off the screen until it ends.
  let open = false;
  return {
    write(text) {
      if (!prompt || (!open && !prompt.shown())) {
        out.write(text);
        return true;
      }
      const { rl, output } = prompt;
      if (!open) {
        // From the prompt's first row (the typed text may wrap), clear it and what follows.
        moveCursor(output as NodeJS.WritableStream, 0, -rl.getCursorPos().rows);
        cursorTo(output as NodeJS.WritableStream, 0);
        clearScreenDown(output as NodeJS.WritableStream);
      }
      out.write(text);
      open = !text.endsWith("\n");
      if (!open && prompt.shown()) {
        // readline redraws from `prevRows` rows up (where its cursor was); the prompt now
        // starts on this row, below the text. (Not in Node's typings; a plain field.)
        (rl as unknown as { prevRows: number }).prevRows = 0;
        // `true` keeps the cursor; during `rl.question` the prompt is the question.
        rl.prompt(true);
      }
      return true;
    },
    attach(shown) {
      prompt = shown;
      return () => {
        if (prompt === shown) prompt = undefined;
        open = false;
      };
    },
  };
}
