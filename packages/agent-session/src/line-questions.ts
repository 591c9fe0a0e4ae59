import type { AskQuestion } from "./ask-approval.js";

/** Options of {@link lineQuestions}. */
export interface LineQuestionsOptions {
  /**
   * Shows a question to the person; `dropped` is how many lines came in since the last
   * question and were dropped (typed before this one was shown), for the program to say so.
   */
  show(question: string, dropped: number): void;
  /** A shown question was aborted (e.g. the run was interrupted): end its line. */
  onAbort?(): void;
}

/** Questions answered by the lines of an input (see {@link lineQuestions}). */
export interface LineQuestions {
  /** Feeds one line of the input: the answer to the question shown, else dropped and counted. */
  line(text: string): void;
  /** The input ended: the question shown and every later one get no answer. */
  end(): void;
  /** An {@link AskQuestion} answered by the next line fed after the question is shown. */
  ask: AskQuestion;
}

/**
 * Questions over a line input (a terminal, a socket) where only a line that comes after a
 * question was shown answers it: a line typed ahead is dropped (and counted for the next
 * question to say so), never taken as the answer to a question the person has not seen —
 * so nobody approves a tool call by typing early. No answer (undefined) once the input has
 * ended or when the question's signal aborts. The program reads the input and feeds it.
 *
 * @example
 * const questions = lineQuestions({ show: (q) => process.stderr.write(q) });
 * readline.createInterface({ input: process.stdin })
 *   .on("line", (l) => questions.line(l))
 *   .on("close", () => questions.end());
 * const approve = createApprover({ mode: "ask", ask: questions.ask });
 */
export function lineQuestions({ show, onAbort }: LineQuestionsOptions): LineQuestions {
  let answer: ((line: string | undefined) => void) | undefined;
  let dropped = 0;
  let ended = false;
  return {
    line(text) {
      if (answer) answer(text);
      else dropped++;
    },
    end() {
      ended = true;
      answer?.(undefined);
    },
    ask: (question, signal) =>
      new Promise((resolve) => {
        // Nobody can answer once the input has ended: no answer, no approval.
        if (signal.aborted || ended) return resolve(undefined);
        const settle = (line: string | undefined) => {
          answer = undefined;
          signal.removeEventListener("abort", abort);
          resolve(line);
        };
        const abort = () => {
          onAbort?.();
          settle(undefined);
        };
        signal.addEventListener("abort", abort, { once: true });
        answer = settle;
        show(question, dropped);
        dropped = 0;
      }),
  };
}
