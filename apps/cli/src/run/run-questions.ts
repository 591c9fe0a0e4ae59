import type { AgentFile } from "@tinyloop/agent-files";
import type { AskQuestion, EditArguments } from "@tinyloop/agent-session";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { editArgumentsOnTerminal } from "../terminal/edit-arguments.js";
import { questionReader } from "../terminal/question-reader.js";
import type { Style } from "../terminal/style.js";
import type { RunFlags } from "./run-flags.js";

/** How `tinyloop run` asks the person at the terminal (approvals, forms, sampling). */
export interface RunQuestions {
  /** Asks on the terminal; undefined without one (calls that need approval are then denied). */
  ask: AskQuestion | undefined;
  /** Shows a whole call where its approval question is asked. */
  showCall(text: string): void;
  /** The `e` (edit) answer, on a terminal. */
  editArguments: EditArguments | undefined;
  /** The REPL hands its own readline's question here once it runs. */
  setReplAsk(ask: AskQuestion): void;
}

/**
 * The run's questions: the REPL's own readline asks once it runs; one-shot on a terminal
 * reads the terminal from now on, so lines typed ahead are never taken as answers.
 */
export function runQuestions(
  flags: RunFlags,
  io: Io,
  spec: AgentFile,
  errStyle: Style,
  lifecycle: Lifecycle,
): RunQuestions {
  const tty = io.stdin.isTTY === true;
  let replAsk: AskQuestion | undefined;
  const oneShotQuestions =
    tty && flags.prompt !== undefined && !flags.yes && spec.approval !== "never"
      ? questionReader({ input: io.stdin, output: io.stderr, style: errStyle })
      : undefined;
  if (oneShotQuestions) lifecycle.add(async () => oneShotQuestions.close());
  const ask: AskQuestion | undefined = tty
    ? (question, signal) =>
        replAsk
          ? replAsk(question, signal)
          : (oneShotQuestions?.ask(question, signal) ?? Promise.resolve(undefined))
    : undefined;
  // The whole call is shown where its approval question is asked (the REPL's stdout, else stderr).
  const where = () => (replAsk ? io.stdout : io.stderr);
  const editArguments =
    ask &&
    editArgumentsOnTerminal({
      io,
      ask,
      style: errStyle,
      write: (text) => where().write(text),
    });
  return {
    ask,
    showCall: (text) => where().write(`${text}\n`),
    editArguments: editArguments || undefined,
    setReplAsk: (fn) => {
      replAsk = fn;
    },
  };
}
