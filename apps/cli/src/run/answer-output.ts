import type { AgentEvent, DoneEvent } from "@tinyloop/agent-loop";
import { toJsonLine } from "@tinyloop/agent-session";
import {
  AnswerTimelines,
  doneLine,
  EventPrinter,
  type ReasoningDisplay,
  type ResultsMode,
  usageLine,
} from "@tinyloop/terminal-text";
import type { MarkdownBlocks } from "@tinyloop/terminal-text/markdown";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Style } from "../terminal/style.js";

/** How the REPL and a one-shot run show answers: one printer, the timelines, the run's end. */
export interface AnswerOutput {
  printer: EventPrinter;
  timelines: AnswerTimelines;
  /** One agent event: a JSON line with `--json` (and the timeline after `done` with `--timeline`), else printed. */
  show(event: AgentEvent): void;
  /** The last answer's timeline, as wide as `info` is now (80 columns in a pipe). */
  drawTimeline(): string;
  /** After an answer, on `info`: why it ended, its tokens (`--verbose`), its timeline (`--timeline`). */
  showEnd(done: DoneEvent): void;
}

/**
 * The answer streams to stdout; tool lines, reasoning and the run's end go to `info` (stderr
 * for one-shot, so stdout is the answer alone; stdout in the REPL), styled by `infoStyle`.
 */
export function answerOutput({
  io,
  lifecycle,
  style,
  info,
  infoStyle,
  json,
  verbose,
  timeline,
  reasoning,
  results = "short",
  markdown,
}: {
  io: Io;
  lifecycle: Lifecycle;
  style: Style;
  info: Io["stdout"];
  infoStyle: Style;
  json: boolean;
  verbose: boolean;
  timeline: boolean;
  reasoning: () => ReasoningDisplay;
  results?: ResultsMode | undefined;
  markdown?: MarkdownBlocks | undefined;
}): AnswerOutput {
  const printer = new EventPrinter({
    text: io.stdout,
    info,
    style,
    verbose,
    reasoning,
    results,
    ...(markdown ? { markdown } : {}),
  });
  lifecycle.addLastWords(() => printer.flush());
  const timelines = new AnswerTimelines();
  const drawTimeline = () => timelines.draw(infoStyle, info.isTTY ? info.columns : undefined);
  return {
    printer,
    timelines,
    drawTimeline,
    show(event) {
      if (json) io.stdout.write(toJsonLine(event));
      else printer.show(event);
      const finished = timelines.add(event);
      // --json --timeline: the run as a timeline event, right after its done event.
      if (finished && json && timeline)
        io.stdout.write(toJsonLine({ type: "timeline", ...finished }));
    },
    showEnd(done) {
      const why = doneLine(done, {
        style: infoStyle,
        maxTurnsSetting: "--max-turns",
        toolFormatSetting: "--tool-format",
      });
      if (why) info.write(`${why}\n`);
      const tokens = verbose ? usageLine(done.usage, { style: infoStyle }) : undefined;
      if (tokens) info.write(`${tokens}\n`);
      if (timeline) info.write(`${drawTimeline()}\n`);
    },
  };
}
