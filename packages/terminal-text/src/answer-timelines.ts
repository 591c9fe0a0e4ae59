import { type AgentEvent, type RunTimeline, TimelineRecorder } from "@tinyloop/agent-loop";
import { type TimelineStyle, timelineLines } from "./timeline-lines.js";

/** Columns a timeline takes where the output has no width (a pipe, a file). */
const PIPE_WIDTH = 80;

/**
 * The timelines of a conversation's answers: fed every agent event, it keeps the last
 * finished run's {@link RunTimeline} and draws it for the terminal (`--timeline`, `/timeline`).
 */
export class AnswerTimelines {
  readonly #recorder = new TimelineRecorder();
  #last: RunTimeline | undefined;

  /** Takes the next event; a `done` event finishes that answer's timeline (and returns it). */
  add(event: AgentEvent): RunTimeline | undefined {
    this.#recorder.add(event);
    if (event.type !== "done") return undefined;
    this.#last = this.#recorder.timeline();
    return this.#last;
  }

  /** The last finished answer's timeline, undefined before the first answer. */
  get last(): RunTimeline | undefined {
    return this.#last;
  }

  /** The last answer drawn in `width` columns (see `timelineLines`), or why there is none. */
  draw(style: TimelineStyle, width: number | undefined): string {
    if (!this.#last) return style.dim("no answer yet: /timeline draws the last answer's run");
    return timelineLines(this.#last, { width: width ?? PIPE_WIDTH, style }).join("\n");
  }
}
