import { createInterface } from "node:readline";
import { createChatDriver, oneLine } from "@tinyloop/agent-session";
import { EXIT } from "../io.js";
import { answerOutput } from "./answer-output.js";
import {
  BRACKETED_PASTE_OFF,
  BRACKETED_PASTE_ON,
  echoWhile,
  interrupt,
  onInputClosed,
  onKeypress,
  onLine,
  terminalAsk,
} from "./repl-input.js";
import { replCommand, showEvent } from "./repl-output.js";
import { newReplState, type Repl, type ReplOptions } from "./repl-state.js";

/**
 * The interactive loop: a prompt, streamed answers, tool lines, slash commands.
 * Ctrl+C during a turn aborts it; Ctrl+C twice at an empty prompt, `/exit` or end of input
 * (Ctrl+D, a closed pipe) resolves 0. Lines typed or piped in are handled one at a time.
 * On a terminal (and without `json`), `serverLines` prints above the prompt or approval
 * question while one is shown.
 */
export function runRepl(options: ReplOptions): Promise<number> {
  const { io, style, lifecycle } = options;
  const repl = createRepl(options);
  const { state, terminal, rl } = repl;
  const keypress = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) =>
    onKeypress(state, text, key);
  const detach =
    terminal && !options.json && options.serverLines
      ? options.serverLines.attach({
          rl,
          output: io.stdout,
          shown: () => !state.ended && (state.atPrompt || state.asking),
        })
      : () => {};
  const result = new Promise<number>((resolve) => {
    repl.finish = (code) => {
      state.ended = true;
      if (terminal) {
        io.stdin.off("keypress", keypress);
        io.stdout.write(BRACKETED_PASTE_OFF);
      }
      detach();
      lifecycle.onInterrupt = undefined;
      repl.chat.stop();
      rl.close();
      resolve(code);
    };
  });
  repl.chat = chatOf(repl);
  if (terminal) options.setAsk(terminalAsk(repl));
  rl.on("line", (line) => onLine(repl, line));
  // On a terminal readline turns Ctrl+C into this event; with piped input it is a real SIGINT.
  const onInterrupt = () => interrupt(repl);
  rl.on("SIGINT", onInterrupt);
  lifecycle.onInterrupt = onInterrupt;
  rl.on("close", () => onInputClosed(repl));
  if (terminal) {
    // Bracketed paste: the terminal marks pasted text, so a multi-line paste is one message.
    io.stdout.write(BRACKETED_PASTE_ON);
    io.stdin.on("keypress", keypress);
    io.stdout.write(style.dim("type a message, /help for commands, Ctrl+D to leave\n"));
    repl.prompt();
  }
  return result;
}

/** The REPL's parts before its chat starts: readline, the answers' output. */
function createRepl(options: ReplOptions): Repl {
  const { io, style, lifecycle } = options;
  const terminal = io.stdin.isTTY === true;
  const state = newReplState(options.showReasoning === true);
  const rl = createInterface({
    input: io.stdin,
    // Keys typed while an answer streams are not echoed into it: readline draws only while
    // the prompt or a question is shown (what was typed shows on the next prompt).
    output: terminal ? echoWhile(io.stdout, () => state.atPrompt || state.asking) : io.stdout,
    terminal,
    prompt: style.bold("› "),
  });
  const answers = answerOutput({
    io,
    lifecycle,
    style,
    info: io.stdout,
    infoStyle: style,
    json: options.json,
    verbose: options.verbose,
    timeline: options.timeline === true,
    reasoning: () => state.reasoning,
    results: options.results,
    markdown: options.markdown,
  });
  return {
    options,
    state,
    terminal,
    rl,
    answers,
    chat: undefined as never, // set by runRepl once `finish` exists
    prompt: () => {
      state.atPrompt = true;
      rl.prompt();
    },
    finish: () => {},
  };
}

/** Lines typed or piped in, handled one at a time: agent-session's chat driver. */
function chatOf(repl: Repl) {
  const { options, state, terminal } = repl;
  const { io, style, json, session, conversation } = options;
  return createChatDriver({
    session,
    // SIGTERM/SIGHUP (lifecycle exit) stops the turn like Ctrl+C, before servers close.
    signal: options.lifecycle.signal,
    command: replCommand(repl),
    onTurnEnd: () => void conversation?.save(session.agent.messages),
    onEvent: (event) => showEvent(repl, event),
    onError: (error) =>
      repl.answers.printer.line(style.red(`error: ${oneLine(error.message, 200)}`)),
    onOutput: (text) => io.stdout.write(`${text}\n`),
    onExit: () => repl.finish(EXIT.ok),
    // A line typed ahead was not echoed when typed: show it as it is sent.
    onStart: (line) => {
      if (state.typedAhead.shift() && terminal && line.trim() !== "" && !json) {
        io.stdout.write(`${style.bold("› ")}${line}\n`);
      }
    },
    onIdle: () => {
      if (state.inputClosed) repl.finish(EXIT.ok);
      else if (terminal) repl.prompt();
    },
  });
}
