import type { DoneEvent } from "@tinyloop/agent-loop";
import { type AgentSession, visibleControls } from "@tinyloop/agent-session";
import type { ConversationRecorder } from "@tinyloop/agent-session/conversations";
import { AnswerTimelines, doneLine, EventPrinter, usageLine } from "@tinyloop/terminal-text";
import type { MarkdownBlocks } from "@tinyloop/terminal-text/markdown";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { exitCodeFor } from "./done-reason.js";
import type { RunFlags } from "./run-flags.js";
import type { RunOutput } from "./run-output.js";

/**
 * `tinyloop run -p`: runs the prompt once and resolves the exit code. stdout is the answer
 * alone; the reasoning goes to stderr, only when asked for. Ctrl+C (and SIGTERM, SIGHUP)
 * stops the run; a second Ctrl+C while it winds down leaves at once.
 */
export async function runOneShot(
  session: AgentSession,
  prompt: string,
  {
    flags,
    io,
    lifecycle,
    output,
    markdown,
    conversation,
  }: {
    flags: RunFlags;
    io: Io;
    lifecycle: Lifecycle;
    output: RunOutput;
    markdown: MarkdownBlocks | undefined;
    /** Where the conversation is saved once the run is over. */
    conversation: ConversationRecorder;
  },
): Promise<number> {
  const { style, errStyle, json, emit } = output;
  const controller = new AbortController();
  // SIGTERM, SIGHUP and other exits stop the run like Ctrl+C does, before servers close.
  if (lifecycle.signal.aborted) controller.abort();
  else lifecycle.signal.addEventListener("abort", () => controller.abort(), { once: true });
  // A second Ctrl+C while the run winds down leaves at once (servers are still closed).
  lifecycle.onInterrupt = () =>
    controller.signal.aborted ? void lifecycle.exit(EXIT.interrupted) : controller.abort();
  try {
    const printer = new EventPrinter({
      text: io.stdout,
      info: io.stderr,
      style,
      verbose: flags.verbose === true,
      reasoning: () => (flags.showReasoning ? "full" : "hidden"),
      ...(flags.results ? { results: flags.results } : {}),
      ...(markdown ? { markdown } : {}),
    });
    lifecycle.addLastWords(() => printer.flush());
    let denied = 0;
    const timelines = flags.timeline ? new AnswerTimelines() : undefined;
    const { done, unstreamedText } = await session.run(prompt, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-result" && event.outcome === "denied") denied++;
        if (json) emit(event);
        else printer.show(event);
        const timeline = timelines?.add(event);
        // --json --timeline: the run as a timeline event, right after its done event.
        if (timeline && json) emit({ type: "timeline", ...timeline });
      },
    });
    await conversation.save(session.agent.messages);
    if (!json) {
      // A final text no delta streamed (a task_complete summary) is printed whole.
      printer.breakLine();
      if (unstreamedText) io.stdout.write(`${visibleControls(unstreamedText)}\n`);
      showRunEnd(done, { flags, io, errStyle, timelines });
    }
    // Unattended (no terminal), a denial means the run did less than asked: say so in the
    // code, unless the run's own ending already is a failure.
    const code = exitCodeFor(done);
    if (code === EXIT.ok && denied > 0 && io.stdin.isTTY !== true) {
      if (!json) {
        const calls = denied === 1 ? "1 tool call was" : `${denied} tool calls were`;
        io.stderr.write(
          `${errStyle.yellow(`${calls} denied: nobody could approve them here; exit ${EXIT.toolDenied}. Allow them with --allow-tool NAME (repeatable, * globs) or --yes`)}\n`,
        );
      }
      return EXIT.toolDenied;
    }
    return code;
  } finally {
    lifecycle.onInterrupt = undefined;
  }
}

/** After the answer, on stderr: why the run ended, its tokens (--verbose), its timeline. */
function showRunEnd(
  done: DoneEvent,
  {
    flags,
    io,
    errStyle,
    timelines,
  }: { flags: RunFlags; io: Io; errStyle: RunOutput["errStyle"]; timelines?: AnswerTimelines },
): void {
  const why = doneLine(done, {
    style: errStyle,
    maxTurnsSetting: "--max-turns",
    toolFormatSetting: "--tool-format",
  });
  if (why) io.stderr.write(`${why}\n`);
  const tokens = flags.verbose ? usageLine(done.usage, { style: errStyle }) : undefined;
  if (tokens) io.stderr.write(`${tokens}\n`);
  // --timeline: the run as a waterfall, on stderr (stdout is the answer alone).
  if (timelines) io.stderr.write(`${timelines.draw(errStyle, io.stderr.columns)}\n`);
}
