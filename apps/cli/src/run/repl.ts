import { createInterface } from "node:readline";
import type { ResultsMode } from "@tinyloop/agent-session";
import {
  type AgentSession,
  type AskQuestion,
  createChatDriver,
  doneLine,
  oneLine,
  type ReasoningDisplay,
  toJsonLine,
  usageLine,
  visibleControls,
} from "@tinyloop/agent-session";
import type { ConversationRecorder } from "../conversations/conversation-recorder.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { AbovePrompt } from "../terminal/above-prompt.js";
import { EventPrinter } from "../terminal/event-printer.js";
import type { MarkdownBlocks } from "../terminal/markdown-blocks.js";
import type { Style } from "../terminal/style.js";
import { AnswerTimelines } from "./answer-timelines.js";

/** What `/help` adds for the terminal: the keys of the prompt. */
const HELP_KEYS = {
  exitKeys: "(also Ctrl+D, or Ctrl+C twice at an empty prompt)",
  helpNotes: ["Ctrl+C during an answer stops it, drops what was typed meanwhile and returns here."],
};

/**
 * The interactive loop: a prompt, streamed answers, tool lines, slash commands.
 * Ctrl+C during a turn aborts it; Ctrl+C twice at an empty prompt, `/exit` or end of input
 * (Ctrl+D, a closed pipe) resolves 0. Lines typed or piped in are handled one at a time.
 * On a terminal (and without `json`), `serverLines` prints above the prompt or approval
 * question while one is shown.
 */
export function runRepl({
  session,
  io,
  style,
  verbose,
  showReasoning = false,
  results = "short",
  timeline = false,
  json,
  setAsk,
  lifecycle,
  serverLines,
  markdown,
  conversation,
}: {
  session: AgentSession;
  io: Io;
  style: Style;
  verbose: boolean;
  /** `--show-reasoning`: reasoning in full from the start (else one line per turn). */
  showReasoning?: boolean;
  /** How tool results are shown at first (`--results`); `/results` switches it. */
  results?: ResultsMode;
  /** `--timeline`: each answer's timeline drawn after it (`/timeline` draws the last one anyway). */
  timeline?: boolean;
  json: boolean;
  setAsk: (ask: AskQuestion) => void;
  lifecycle: Lifecycle;
  /** Server lines written during the session (see `abovePrompt`); attached to the prompt here. */
  serverLines?: AbovePrompt;
  /** Renders answers' Markdown (a colour terminal; not with --json or in a pipe). */
  markdown?: MarkdownBlocks;
  /** Saves the conversation after each turn; `/clear` starts a new one. */
  conversation?: ConversationRecorder;
}): Promise<number> {
  const terminal = io.stdin.isTTY === true;
  // The prompt is on screen waiting for a line (from rl.prompt() until a line is entered).
  let atPrompt = false;
  let asking = false;
  const rl = createInterface({
    input: io.stdin,
    // Keys typed while an answer streams are not echoed into it: readline draws only while
    // the prompt or a question is shown (what was typed shows on the next prompt).
    output: terminal ? echoWhile(io.stdout, () => atPrompt || asking) : io.stdout,
    terminal,
    prompt: style.bold("› "),
  });
  // The model's reasoning: one line per turn unless --show-reasoning; /reasoning changes it.
  let reasoning: ReasoningDisplay = showReasoning ? "full" : "collapsed";
  const printer = new EventPrinter({
    text: io.stdout,
    info: io.stdout,
    style,
    verbose,
    reasoning: () => reasoning,
    results,
    ...(markdown ? { markdown } : {}),
  });
  lifecycle.addLastWords(() => printer.flush());
  const timelines = new AnswerTimelines();
  // Timelines fit the terminal as wide as it is when drawn (80 columns in a pipe).
  const drawTimeline = () => timelines.draw(style, io.stdout.isTTY ? io.stdout.columns : undefined);
  let ended = false;
  // Whether each queued line was typed ahead (during a turn), in the driver's queue order.
  const typedAhead: boolean[] = [];
  // Lines typed during the turn that Ctrl+C dropped, for a note after "interrupted".
  let droppedByInterrupt = 0;
  // One Ctrl+C at an empty prompt arms the exit; a second one (no other key between) exits.
  let exitArmed = false;
  // Inside a bracketed paste: its lines are one message, sent with the Enter after it.
  let pasting = false;
  const pastedLines: string[] = [];
  const prompt = () => {
    atPrompt = true;
    rl.prompt();
  };
  const detach =
    terminal && !json && serverLines
      ? serverLines.attach({ rl, output: io.stdout, shown: () => !ended && (atPrompt || asking) })
      : () => {};
  let inputClosed = false;
  let finish: (code: number) => void = () => {};
  const result = new Promise<number>((resolve) => {
    finish = (code) => {
      ended = true;
      if (terminal) {
        io.stdin.off("keypress", onKeypress);
        io.stdout.write(BRACKETED_PASTE_OFF);
      }
      detach();
      lifecycle.onInterrupt = undefined;
      chat.stop();
      rl.close();
      resolve(code);
    };
  });
  // Lines typed or piped in are handled one at a time: agent-session's chat driver.
  const chat = createChatDriver({
    session,
    // SIGTERM/SIGHUP (lifecycle exit) stops the turn like Ctrl+C, before servers close.
    signal: lifecycle.signal,
    commands: {
      style,
      ...HELP_KEYS,
      // /tools lines fit the terminal as wide as it is now (undefined in a pipe).
      get width() {
        return io.stdout.isTTY ? io.stdout.columns : undefined;
      },
      timeline: drawTimeline,
      // --json streams every reasoning event as it is: nothing to show or hide there.
      ...(json
        ? {}
        : {
            reasoning: {
              get: () => reasoning,
              set: (display: ReasoningDisplay) => {
                reasoning = display;
              },
            },
          }),
    },
    onResults: (mode) => {
      printer.results = mode;
    },
    onClear: () => conversation?.startOver(),
    onTurnEnd: () => void conversation?.save(session.agent.messages),
    onEvent: (event) => {
      if (json) io.stdout.write(toJsonLine(event));
      else printer.show(event);
      const finished = timelines.add(event);
      // --json --timeline: the run as a timeline event, right after its done event.
      if (finished && json && timeline)
        io.stdout.write(toJsonLine({ type: "timeline", ...finished }));
      if (event.type === "done" && !json) {
        printer.breakLine();
        if (event.reason === "asked" && event.text)
          io.stdout.write(`${visibleControls(event.text)}\n`);
        const why = doneLine(event, {
          style,
          maxTurnsSetting: "--max-turns",
          toolFormatSetting: "--tool-format",
        });
        if (why) io.stdout.write(`${why}\n`);
        // --verbose: the run's tokens, reasoning tokens included when the provider said.
        const tokens = verbose ? usageLine(event.usage, { style }) : undefined;
        if (tokens) io.stdout.write(`${tokens}\n`);
        if (timeline) io.stdout.write(`${drawTimeline()}\n`);
        if (droppedByInterrupt > 0) {
          const what = droppedByInterrupt === 1 ? "1 line" : `${droppedByInterrupt} lines`;
          io.stdout.write(
            style.dim(`(dropped ${what} typed during the answer; nothing was sent)\n`),
          );
          droppedByInterrupt = 0;
        }
      }
    },
    onError: (error) => printer.line(style.red(`error: ${oneLine(error.message, 200)}`)),
    onOutput: (text) => io.stdout.write(`${text}\n`),
    onExit: () => finish(EXIT.ok),
    // A line typed ahead was not echoed when typed: show it as it is sent.
    onStart: (line) => {
      if (typedAhead.shift() && terminal && line.trim() !== "" && !json) {
        io.stdout.write(`${style.bold("› ")}${line}\n`);
      }
    },
    onIdle: () => {
      if (inputClosed) finish(EXIT.ok);
      else if (terminal) prompt();
    },
  });
  if (terminal) {
    setAsk(
      (question, signal) =>
        new Promise((resolve) => {
          if (signal.aborted) return resolve(undefined);
          const onAbort = () => {
            asking = false;
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
          clearTypedLine();
          asking = true;
          rl.question(style.yellow(question), { signal }, (answer) => {
            asking = false;
            signal.removeEventListener("abort", onAbort);
            resolve(answer);
          });
        }),
    );
  }

  rl.on("line", (line) => {
    exitArmed = false;
    // A newline inside a paste ends no message: the paste is sent whole with the next Enter.
    if (pasting) {
      pastedLines.push(line);
      return;
    }
    typedAhead.push(!atPrompt);
    atPrompt = false;
    chat.send([...pastedLines.splice(0), line].join("\n"));
  });
  // readline reports the terminal's paste brackets as keys (and inserts nothing for them).
  function onKeypress(
    _text: string | undefined,
    key: { name?: string; ctrl?: boolean } | undefined,
  ) {
    if (key?.name === "paste-start") pasting = true;
    else if (key?.name === "paste-end") pasting = false;
    else if (!(key?.ctrl && key.name === "c")) exitArmed = false;
  }
  const clearTypedLine = (): boolean => {
    if (!terminal || rl.line === "") return false;
    rl.write(null, { ctrl: true, name: "e" });
    rl.write(null, { ctrl: true, name: "u" });
    return true;
  };
  const onInterrupt = () => {
    if (chat.abortTurn()) {
      // Ctrl+C ends the turn and everything typed during it: none of it reaches the model.
      const dropped = chat.dropPending();
      typedAhead.length = 0;
      droppedByInterrupt = dropped + (clearTypedLine() ? 1 : 0);
      return;
    }
    if (rl.line === "" && pastedLines.length === 0) {
      // On a terminal one Ctrl+C only warns, as in Claude Code: a stray one does not leave.
      if (exitArmed || !terminal) {
        io.stdout.write("\n");
        finish(EXIT.ok);
        return;
      }
      exitArmed = true;
      io.stdout.write(`\n${style.dim("(press Ctrl+C again to exit, or Ctrl+D)")}\n`);
      prompt();
      return;
    }
    exitArmed = false;
    pastedLines.length = 0;
    // Like a shell: Ctrl+C with text typed clears the line.
    rl.write(null, { ctrl: true, name: "e" });
    rl.write(null, { ctrl: true, name: "u" });
    io.stdout.write("^C\n");
    prompt();
  };
  // On a terminal readline turns Ctrl+C into this event; with piped input it is a real SIGINT.
  rl.on("SIGINT", onInterrupt);
  lifecycle.onInterrupt = onInterrupt;
  rl.on("close", () => {
    // Ctrl+D leaves the prompt's line open; end it so the shell starts on a clean line.
    // Ctrl+D at an approval question leaves: the turn stops like on Ctrl+C (which ends the line).
    atPrompt = false; // nothing is redrawn on a closed interface
    if (asking) chat.abortTurn();
    else if (terminal && !ended) io.stdout.write("\n");
    inputClosed = true;
    if (!chat.busy) finish(EXIT.ok);
  });
  if (terminal) {
    // Bracketed paste: the terminal marks pasted text, so a multi-line paste is one message.
    io.stdout.write(BRACKETED_PASTE_ON);
    io.stdin.on("keypress", onKeypress);
    io.stdout.write(style.dim("type a message, /help for commands, Ctrl+D to leave\n"));
    prompt();
  }
  return result;
}

/** Asks the terminal to mark pasted text (xterm's mode 2004), and stops asking. */
const BRACKETED_PASTE_ON = "\u001b[?2004h";
const BRACKETED_PASTE_OFF = "\u001b[?2004l";

/**
 * `out` as readline's output, drawing only while `shown()` holds (the prompt or a question is
 * on screen); everything else of the stream (columns, resize events) is `out`'s own.
 */
function echoWhile(out: Io["stdout"], shown: () => boolean): Io["stdout"] {
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
