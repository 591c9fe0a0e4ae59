import type { AgentEvent } from "@tinyloop/agent-loop";
import { type ChatCommandOutcome, visibleControls } from "@tinyloop/agent-session";
import { sessionCommand } from "@tinyloop/terminal-text";
import type { Repl } from "./repl-state.js";

/** What `/help` adds for the terminal: the keys of the prompt. */
const HELP_KEYS = {
  exitKeys: "(also Ctrl+D, or Ctrl+C twice at an empty prompt)",
  helpNotes: ["Ctrl+C during an answer stops it, drops what was typed meanwhile and returns here."],
};

/**
 * The REPL's slash commands (terminal-text's `sessionCommand`): `/results` switches how the
 * printer shows tool results, `/clear` starts a new saved conversation, `/reasoning` changes
 * the display (not with --json, which streams every reasoning event as it is).
 */
export function replCommand(repl: Repl): (line: string) => ChatCommandOutcome | undefined {
  const { options, state } = repl;
  const { io, style, json, session, conversation } = options;
  const commands = {
    style,
    ...HELP_KEYS,
    // /tools lines fit the terminal as wide as it is now (undefined in a pipe).
    get width() {
      return io.stdout.isTTY ? io.stdout.columns : undefined;
    },
    timeline: repl.answers.drawTimeline,
    ...(json
      ? {}
      : {
          reasoning: {
            get: () => state.reasoning,
            set: (display: typeof state.reasoning) => {
              state.reasoning = display;
            },
          },
        }),
  };
  return (line) => {
    const command = sessionCommand(session, line, commands);
    if (command && "results" in command) repl.answers.printer.results = command.results;
    if (command && "cleared" in command) conversation?.startOver();
    return command;
  };
}

/** One agent event: as a JSON line with --json, else printed, and the answer's end explained. */
export function showEvent(repl: Repl, event: AgentEvent): void {
  repl.answers.show(event);
  if (event.type === "done" && !repl.options.json) showDone(repl, event);
}

/** After an answer: the question it asked, why it ended, tokens, timeline, dropped lines. */
function showDone(repl: Repl, event: Extract<AgentEvent, { type: "done" }>): void {
  const { io, style } = repl.options;
  const { state } = repl;
  repl.answers.printer.breakLine();
  if (event.reason === "asked" && event.text) io.stdout.write(`${visibleControls(event.text)}\n`);
  repl.answers.showEnd(event);
  if (state.droppedByInterrupt > 0) {
    const what = state.droppedByInterrupt === 1 ? "1 line" : `${state.droppedByInterrupt} lines`;
    io.stdout.write(style.dim(`(dropped ${what} typed during the answer; nothing was sent)\n`));
    state.droppedByInterrupt = 0;
  }
}
