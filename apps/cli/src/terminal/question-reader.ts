import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { type AskQuestion, lineQuestions } from "@tinyloop/agent-session";
import type { Style } from "./style.js";

/**
 * Approval questions of a one-shot run on a terminal. The terminal is read for the whole
 * run, so a line typed before a question is shown is read (and dropped) then, never taken
 * as the answer to a later question (agent-session's `lineQuestions`): an approval counts
 * only when typed after the person saw what it approves. The next question says how many
 * lines were dropped. The terminal stays in its normal line mode: Ctrl+C is a real SIGINT
 * (it stops the run).
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
  const questions = lineQuestions({
    show: (question, dropped) => {
      if (dropped > 0) {
        const lines = dropped === 1 ? "1 line" : `${dropped} lines`;
        output.write(style.dim(`(ignored ${lines} typed before this question)\n`));
      }
      output.write(style.yellow(question));
    },
    // An interrupted question leaves its line open: end it.
    onAbort: () => output.write("\n"),
  });
  const rl = createInterface({ input, terminal: false });
  rl.on("line", (line) => questions.line(line));
  rl.on("close", () => questions.end());
  return { ask: questions.ask, close: () => rl.close() };
}
