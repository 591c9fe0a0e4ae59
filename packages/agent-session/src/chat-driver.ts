import type { AgentEvent } from "@tinyloop/agent-loop";
import type { AgentSession } from "./open-agent-session.js";

/**
 * What the program made of a line it took as a command (`/help`, `/clear`…): text to show
 * (without a final newline), or to end the conversation.
 */
export type ChatCommandOutcome = { output: string } | { exit: true };

/** Options of {@link createChatDriver}. */
export interface ChatDriverOptions {
  /** The session whose agent answers the messages. */
  session: AgentSession;
  /** Every event of every turn, in order (text deltas, tool calls and results, `done`). */
  onEvent(event: AgentEvent): void;
  /** The text of a command's outcome (`/tools`, `/help`…), without a final newline. */
  onOutput(text: string): void;
  /** `/exit` or `/quit` was handled: the program leaves (and calls `stop()`). */
  onExit(): void;
  /**
   * A turn threw instead of ending with a `done` event; the conversation goes on with the
   * next line. Default: ignored.
   */
  onError?(error: Error): void;
  /**
   * Every line sent so far is handled and the driver waits for the next one (e.g. show
   * the prompt again, or leave when the input has ended). Not called after `stop()`.
   */
  onIdle?(): void;
  /**
   * A queued line is about to be handled (every line sent, in order, empty ones too): a
   * program that does not echo lines typed ahead can show this one now.
   */
  onStart?(line: string): void;
  /**
   * A turn has ended and the agent's `messages` hold all of it (also an aborted turn's
   * partial answer, which the agent adds after its `done` event): e.g. save the conversation.
   */
  onTurnEnd?(): void;
  /** Aborts the running turn and every later one (e.g. the program is exiting). */
  signal?: AbortSignal;
  /**
   * The program's commands: given a line (trimmed, not empty), their outcome, or undefined
   * when the line is a message for the model. A terminal passes its slash commands (e.g.
   * `@tinyloop/terminal-text`'s `sessionCommand`). Without it every line is a message.
   */
  command?(line: string): ChatCommandOutcome | undefined;
}

/** A conversation over a session, fed one line at a time (see {@link createChatDriver}). */
export interface ChatDriver {
  /** Queues a line; it is handled after every line sent before it. */
  send(line: string): void;
  /** Lines sent and not yet started (typed ahead while a turn runs). */
  readonly pending: number;
  /** A line is being handled or waits: false only when the driver is idle. */
  readonly busy: boolean;
  /**
   * Aborts the running turn (the agent ends it with `done` reason `aborted`); the queued
   * lines are handled after it. False when no turn runs (at the prompt, or a slash command).
   */
  abortTurn(): boolean;
  /**
   * Drops the lines queued and not yet started (typed ahead); returns how many. With
   * {@link abortTurn} this is an interrupt that sends nothing typed during the turn.
   */
  dropPending(): number;
  /** Ends the conversation: aborts the running turn and drops the queued lines. */
  stop(): void;
}

/**
 * The turn handling of a chat, apart from its terminal: lines are handled one at a time in
 * the order sent, so lines typed (or piped) ahead while a turn runs stay messages for the
 * next turns rather than being lost or answering a question; a line starting with `/` is a
 * command when the program's `command` says so; empty lines are skipped; a turn can be aborted
 * without ending the conversation. The program keeps its own input (readline, a socket…),
 * prompt and keys, and shows what the callbacks give it.
 *
 * @example
 * const chat = createChatDriver({
 *   session,
 *   onEvent: (event) => event.type === "text-delta" && process.stdout.write(event.text),
 *   onOutput: (text) => console.log(text),
 *   onExit: () => rl.close(),
 *   onIdle: () => rl.prompt(),
 * });
 * rl.on("line", (line) => chat.send(line));
 */
export function createChatDriver(options: ChatDriverOptions): ChatDriver {
  const { session } = options;
  const queue: string[] = [];
  let turn: AbortController | undefined;
  let working = false;
  let stopped = false;

  const runTurn = async (text: string) => {
    turn = new AbortController();
    try {
      // The program's signal (e.g. SIGTERM) stops the turn like abortTurn() does.
      const signal = options.signal ? AbortSignal.any([turn.signal, options.signal]) : turn.signal;
      for await (const event of session.agent.run(text, { signal })) options.onEvent(event);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      turn = undefined;
      options.onTurnEnd?.();
    }
  };

  const handle = async (line: string): Promise<void> => {
    const text = line.trim();
    if (text === "") return;
    const command = options.command?.(text);
    if (!command) await runTurn(text);
    else if ("exit" in command) options.onExit();
    else options.onOutput(command.output);
  };

  const drain = async () => {
    if (working) return;
    working = true;
    while (queue.length > 0 && !stopped) {
      const line = queue.shift() ?? "";
      options.onStart?.(line);
      await handle(line);
    }
    working = false;
    if (!stopped) options.onIdle?.();
  };

  return {
    send(line) {
      if (stopped) return;
      queue.push(line);
      void drain();
    },
    get pending() {
      return queue.length;
    },
    get busy() {
      return working || queue.length > 0;
    },
    abortTurn() {
      if (!turn) return false;
      turn.abort();
      return true;
    },
    dropPending() {
      return queue.splice(0).length;
    },
    stop() {
      stopped = true;
      queue.length = 0;
      turn?.abort();
    },
  };
}
