import type { Interface } from "node:readline";
import type { AgentSession, AskQuestion, ChatDriver } from "@tinyloop/agent-session";
import type { ConversationRecorder } from "@tinyloop/agent-session/conversations";
import type { ReasoningDisplay, ResultsMode } from "@tinyloop/terminal-text";
import type { MarkdownBlocks } from "@tinyloop/terminal-text/markdown";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { AbovePrompt } from "../terminal/above-prompt.js";
import type { Style } from "../terminal/style.js";
import type { AnswerOutput } from "./answer-output.js";

/**
 * What the REPL knows of its screen and its input between events: what is on screen, what
 * was typed ahead or pasted, and the keys' half-done sequences. One object, so each handler
 * of the REPL reads and changes the same fields.
 */
export interface ReplState {
  /** The prompt is on screen waiting for a line (from `prompt()` until a line is entered). */
  atPrompt: boolean;
  /** An approval or form question is on screen waiting for its answer. */
  asking: boolean;
  /** The REPL has finished: nothing is drawn above the prompt any more. */
  ended: boolean;
  /** The input ended (Ctrl+D, a closed pipe): the REPL leaves once the queued lines are handled. */
  inputClosed: boolean;
  /** Whether each queued line was typed ahead (during a turn), in the chat driver's queue order. */
  typedAhead: boolean[];
  /** Lines typed during the turn that Ctrl+C dropped, for a note after "interrupted". */
  droppedByInterrupt: number;
  /** One Ctrl+C at an empty prompt arms the exit; a second one (no other key between) exits. */
  exitArmed: boolean;
  /** Inside a bracketed paste: its lines are one message, sent with the Enter after it. */
  pasting: boolean;
  /** The lines of the paste so far. */
  pastedLines: string[];
  /** The model's reasoning: one line per turn unless --show-reasoning; `/reasoning` changes it. */
  reasoning: ReasoningDisplay;
}

/** The state of a REPL that has just started: nothing typed, nothing on screen yet. */
export function newReplState(showReasoning: boolean): ReplState {
  return {
    atPrompt: false,
    asking: false,
    ended: false,
    inputClosed: false,
    typedAhead: [],
    droppedByInterrupt: 0,
    exitArmed: false,
    pasting: false,
    pastedLines: [],
    reasoning: showReasoning ? "full" : "collapsed",
  };
}

/** The parts of a running REPL that its handlers share (built by `runRepl`). */
export interface Repl {
  options: ReplOptions;
  state: ReplState;
  /** stdin is a terminal: a prompt, keys, questions; else lines are read from a pipe. */
  terminal: boolean;
  rl: Interface;
  /** The printer, the timelines and the end of each answer, as one-shot runs show them. */
  answers: AnswerOutput;
  chat: ChatDriver;
  /** Shows the prompt and marks it on screen. */
  prompt(): void;
  /** Ends the REPL with this exit code (stops the chat, closes the input). */
  finish(code: number): void;
}

/** What `runRepl` is given: the session, where it reads and writes, and the flags that shape it. */
export interface ReplOptions {
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
}
