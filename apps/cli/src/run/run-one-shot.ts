import { type AgentSession, visibleControls } from "@tinyloop/agent-session";
import type { ConversationRecorder } from "@tinyloop/agent-session/conversations";
import type { MarkdownBlocks } from "@tinyloop/terminal-text/markdown";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { answerOutput } from "./answer-output.js";
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
  const { style, errStyle, json } = output;
  const controller = new AbortController();
  // SIGTERM, SIGHUP and other exits stop the run like Ctrl+C does, before servers close.
  if (lifecycle.signal.aborted) controller.abort();
  else lifecycle.signal.addEventListener("abort", () => controller.abort(), { once: true });
  // A second Ctrl+C while the run winds down leaves at once (servers are still closed).
  lifecycle.onInterrupt = () =>
    controller.signal.aborted ? void lifecycle.exit(EXIT.interrupted) : controller.abort();
  try {
    const answers = answerOutput({
      io,
      lifecycle,
      style,
      info: io.stderr,
      infoStyle: errStyle,
      json,
      verbose: flags.verbose === true,
      timeline: flags.timeline === true,
      reasoning: () => (flags.showReasoning ? "full" : "hidden"),
      results: flags.results,
      markdown,
    });
    let denied = 0;
    const { done, unstreamedText } = await session.run(prompt, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-result" && event.outcome === "denied") denied++;
        answers.show(event);
      },
    });
    await conversation.save(session.agent.messages);
    if (!json) {
      // A final text no delta streamed (a task_complete summary) is printed whole.
      answers.printer.breakLine();
      if (unstreamedText) io.stdout.write(`${visibleControls(unstreamedText)}\n`);
      answers.showEnd(done);
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
