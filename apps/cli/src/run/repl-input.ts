import type { AskQuestion } from "@tinyloop/agent-session";
import { EXIT, type Io } from "../io.js";
import type { Repl, ReplState } from "./repl-state.js";

/** Asks the terminal to mark pasted text (xterm's mode 2004), and stops asking. */
export const BRACKETED_PASTE_ON = "\u001b[?2004h";
export const BRACKETED_PASTE_OFF = "\u001b[?2004l";

/** A line entered: a message (with the lines pasted before it), or one more line of a paste. */
export function onLine(repl: Repl, line: string): void {
  const { state } = repl;
  state.exitArmed = false;
  // A newline inside a paste ends no message: the paste is sent whole with the next Enter.
  if (state.pasting) {
    state.pastedLines.push(line);
    return;
  }
  state.typedAhead.push(!state.atPrompt);
  state.atPrompt = false;
  repl.chat.send([...state.pastedLines.splice(0), line].join("\n"));
}

/** readline reports the terminal's paste brackets as keys (and inserts nothing for them). */
export function onKeypress(
  state: ReplState,
  _text: string | undefined,
  key: { name?: string; ctrl?: boolean } | undefined,
): void {
  if (key?.name === "paste-start") state.pasting = true;
  else if (key?.name === "paste-end") state.pasting = false;
  else if (!(key?.ctrl && key.name === "c")) state.exitArmed = false;
}

/** Clears what was typed at the prompt and not entered; false when there was nothing. */
export function clearTypedLine(repl: Repl): boolean {
  if (!repl.terminal || repl.rl.line === "") return false;
  repl.rl.write(null, { ctrl: true, name: "e" });
  repl.rl.write(null, { ctrl: true, name: "u" });
  return true;
}

/**
 * Ctrl+C (or SIGINT with piped input): stops the turn and drops what was typed during it;
 * at an empty prompt the first one warns and the second leaves; with text typed, clears it.
 */
export function interrupt(repl: Repl): void {
  const { state, chat, rl, options } = repl;
  const { io, style } = options;
  if (chat.abortTurn()) {
    // Ctrl+C ends the turn and everything typed during it: none of it reaches the model.
    const dropped = chat.dropPending();
    state.typedAhead.length = 0;
    state.droppedByInterrupt = dropped + (clearTypedLine(repl) ? 1 : 0);
    return;
  }
  if (rl.line === "" && state.pastedLines.length === 0) {
    // On a terminal one Ctrl+C only warns, as in Claude Code: a stray one does not leave.
    if (state.exitArmed || !repl.terminal) {
      io.stdout.write("\n");
      repl.finish(EXIT.ok);
      return;
    }
    state.exitArmed = true;
    io.stdout.write(`\n${style.dim("(press Ctrl+C again to exit, or Ctrl+D)")}\n`);
    repl.prompt();
    return;
  }
  state.exitArmed = false;
  state.pastedLines.length = 0;
  // Like a shell: Ctrl+C with text typed clears the line.
  rl.write(null, { ctrl: true, name: "e" });
  rl.write(null, { ctrl: true, name: "u" });
  io.stdout.write("^C\n");
  repl.prompt();
}

/** The input ended (Ctrl+D, a closed pipe): leave once the queued lines are handled. */
export function onInputClosed(repl: Repl): void {
  const { state, chat } = repl;
  // Ctrl+D leaves the prompt's line open; end it so the shell starts on a clean line.
  // Ctrl+D at an approval question leaves: the turn stops like on Ctrl+C (which ends the line).
  state.atPrompt = false; // nothing is redrawn on a closed interface
  if (state.asking) chat.abortTurn();
  else if (repl.terminal && !state.ended) repl.options.io.stdout.write("\n");
  state.inputClosed = true;
  if (!chat.busy) repl.finish(EXIT.ok);
}

/** Approval and form questions asked at the REPL's prompt, answered by the next line typed. */
export function terminalAsk(repl: Repl): AskQuestion {
  const { state, chat, rl, options } = repl;
  const { io, style } = options;
  return (question, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const onAbort = () => {
        state.asking = false;
        io.stdout.write("\n");
        resolve(undefined);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      // Only a line typed after the question answers it: lines typed ahead during the
      // turn stay messages for the next prompt, and the person is told so.
      if (chat.pending > 0) {
        const lines = chat.pending === 1 ? "1 line" : `${chat.pending} lines`;
        io.stdout.write(
          style.dim(`(${lines} typed ahead will be sent after this turn; answer below)\n`),
        );
      }
      // Text typed during the turn but not entered must not pre-fill the answer.
      clearTypedLine(repl);
      state.asking = true;
      rl.question(style.yellow(question), { signal }, (answer) => {
        state.asking = false;
        signal.removeEventListener("abort", onAbort);
        resolve(answer);
      });
    });
}

/**
 * `out` as readline's output, drawing only while `shown()` holds (the prompt or a question is
 * on screen); everything else of the stream (columns, resize events) is `out`'s own.
 */
export function echoWhile(out: Io["stdout"], shown: () => boolean): Io["stdout"] {
  return new Proxy(out, {
    get(target, key) {
      if (key === "write") {
        return (...args: Parameters<Io["stdout"]["write"]>) => {
          if (shown()) return target.write(...args);
          const callback = args.find((arg) => typeof arg === "function");
          if (callback) queueMicrotask(() => (callback as () => void)());
          return true;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
