import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { AskQuestion } from "@tinyloop/agent-session";
import type { Style } from "./style.js";

/**
 * Approval questions of a one-shot run on a terminal. The terminal is read for the whole
 * run, so a line typed before a question is shown is read (and dropped) then, never taken
 * as the answer to a later question: an approval counts only when typed after the person
 * saw what it approves. The next question says how many lines were dropped.
 * The terminal stays in its normal line mode: Ctrl+C is a real SIGINT (it stops the run).
 */
export function questionReader({
  input,
  output,
  style,
}: {
  input: Readable;
  output: Writable;
  style: Style;
}): { ask: AskQuestion; close(): void } {
  const rl = createInterface({ input, terminal: false });
  let answer: ((line: string | undefined) => void) | undefined;
  let dropped = 0;
  let closed = false;
  rl.on("line", (line) => {
    if (answer) answer(line);
    else dropped++;
  });
  rl.on("close", () => {
    closed = true;
    answer?.(undefined);
  });
  const ask: AskQuestion = (question, signal) =>
    new Promise((resolve) => {
      // Nobody can answer once the input has ended (Ctrl+D): no answer, no approval.
      if (signal.aborted || closed) return resolve(undefined);
      const settle = (line: string | undefined) => {
        answer = undefined;
        signal.removeEventListener("abort", onAbort);
        resolve(line);
      };
      const onAbort = () => {
        output.write("\n");
        settle(undefined);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      if (dropped > 0) {
        const lines = dropped === 1 ? "1 line" : `${dropped} lines`;
        output.write(style.dim(`(ignored ${lines} typed before this question)\n`));
        dropped = 0;
      }
      answer = settle;
      output.write(style.yellow(question));
    });
  return { ask, close: () => rl.close() };
}
