import type {
  AgentEvent,
  StopReason,
  TokenUsage,
  ToolResultEvent,
  TurnEndEvent,
} from "./events.js";

/**
 * How a bar of the timeline ended: a tool call's `outcome` (`ok`, `error`, `denied`,
 * `cancelled`, `unavailable`), or for a model call `ok`, `error` (the model failed) or
 * `cancelled` (the run was aborted during it).
 */
export type TimelineStatus = ToolResultEvent["outcome"];

/** One bar of a {@link RunTimeline}: a model call or a tool call, on the run's time axis. */
export interface TimelineBar {
  kind: "model" | "tool";
  /** The turn it belongs to (a tool call: the turn whose model asked for it), from 1. */
  turn: number;
  /** A model bar: `turn N`; a tool bar: the tool's name as the model called it (untrusted text). */
  label: string;
  /** A tool bar: the call's id. */
  callId?: string;
  /** Milliseconds from the run's start to the bar's start and end (fractional). */
  startMs: number;
  endMs: number;
  /** `endMs - startMs`. */
  durationMs: number;
  status: TimelineStatus;
  /** A model bar: the tokens of that model call, when the model reported them. */
  usage?: TokenUsage;
  /** A model bar: how the model's answer ended, when it said. */
  finishReason?: TurnEndEvent["finishReason"];
}

/**
 * A run as a waterfall: every model call and tool call as a bar on one time axis, in the
 * order they happened (each model call, then the tool calls it asked for, in call order).
 * Parallel tool calls are bars whose spans overlap. Plain data (JSON-safe), so a terminal
 * and a web page draw the same picture.
 */
export interface RunTimeline {
  /** When the first model call started, in epoch milliseconds. */
  startedAt: number;
  /** From the first bar's start to the last bar's end. */
  durationMs: number;
  bars: TimelineBar[];
  /** Model calls made. */
  turns: number;
  /** Tokens summed over the run (the `done` event's); absent while it runs. */
  usage?: TokenUsage;
  /** Why the run stopped; absent while it runs. */
  reason?: StopReason;
}

interface OpenTool {
  bar: TimelineBar;
  startedAt?: number;
  endedAt?: number;
}

/**
 * Builds a {@link RunTimeline} from the events of one `agent.run`, fed in order with
 * {@link TimelineRecorder.add}; {@link TimelineRecorder.timeline} draws it at any point.
 * Events of a later run (a `turn-start` after `done`) start a new timeline.
 *
 * @example
 * const recorder = new TimelineRecorder();
 * for await (const event of agent.run("Weather in Oslo and Rome?")) recorder.add(event);
 * const { bars } = recorder.timeline(); // turn 1, two parallel tool bars, turn 2
 */
export class TimelineRecorder {
  #startedAt: number | undefined;
  #models: Array<{ bar: TimelineBar; startedAt: number; endedAt?: number }> = [];
  #tools = new Map<string, OpenTool>();
  #order: Array<{ turn: number; key: string }> = [];
  #usage: TokenUsage | undefined;
  #reason: StopReason | undefined;
  #endedAt: number | undefined;

  /** Takes the next event of the run. */
  add(event: AgentEvent): void {
    switch (event.type) {
      case "turn-start":
        if (this.#reason !== undefined) this.#clear();
        this.#startedAt ??= event.startedAt;
        this.#models.push({
          bar: { ...emptyBar("model", event.turn, `turn ${event.turn}`), status: "ok" },
          startedAt: event.startedAt,
        });
        return;
      case "tool-call": {
        const key = `${event.turn}:${event.call.id}`;
        if (this.#tools.has(key)) return;
        this.#tools.set(key, {
          bar: { ...emptyBar("tool", event.turn, event.call.name), callId: event.call.id },
        });
        this.#order.push({ turn: event.turn, key });
        return;
      }
      case "tool-result": {
        const key = `${event.turn}:${event.call.id}`;
        let open = this.#tools.get(key);
        if (!open) {
          // A result without its call event (a denied or refused call): a bar all the same.
          open = {
            bar: { ...emptyBar("tool", event.turn, event.call.name), callId: event.call.id },
          };
          this.#tools.set(key, open);
          this.#order.push({ turn: event.turn, key });
        }
        open.startedAt = event.startedAt;
        open.endedAt = event.endedAt;
        open.bar.status = event.outcome;
        return;
      }
      case "turn-end": {
        const model = this.#models.find((entry) => entry.bar.turn === event.turn);
        if (!model) return;
        model.endedAt = event.modelEndedAt;
        if (event.usage) model.bar.usage = { ...event.usage };
        if (event.finishReason) model.bar.finishReason = event.finishReason;
        this.#endedAt = Math.max(this.#endedAt ?? event.endedAt, event.endedAt);
        return;
      }
      case "done": {
        this.#reason = event.reason;
        this.#usage = { ...event.usage };
        // The last model call ended the run without an answer: it failed or was stopped.
        const last = this.#models.at(-1);
        if (
          last &&
          !last.bar.finishReason &&
          (event.reason === "error" || event.reason === "aborted")
        ) {
          last.bar.status = event.reason === "error" ? "error" : "cancelled";
        }
        return;
      }
      default:
        return;
    }
  }

  /** The run as recorded so far (an empty timeline before its first model call). */
  timeline(): RunTimeline {
    const origin = this.#startedAt ?? 0;
    const ends = [
      ...(this.#endedAt === undefined ? [] : [this.#endedAt]),
      ...this.#models.flatMap((m) => (m.endedAt === undefined ? [] : [m.endedAt])),
      ...[...this.#tools.values()].flatMap((t) => (t.endedAt === undefined ? [] : [t.endedAt])),
    ];
    const end = ends.length > 0 ? Math.max(...ends) : origin;
    const place = (bar: TimelineBar, from: number | undefined, to: number | undefined) => {
      const startMs = (from ?? end) - origin;
      const endMs = Math.max(startMs, (to ?? end) - origin);
      return { ...bar, startMs, endMs, durationMs: endMs - startMs };
    };
    const bars: TimelineBar[] = [];
    for (const model of this.#models) {
      bars.push(place(model.bar, model.startedAt, model.endedAt));
      for (const { turn, key } of this.#order) {
        const tool = this.#tools.get(key);
        if (turn !== model.bar.turn || !tool) continue;
        // A call that never settled (the run ended first) counts as cancelled at the end.
        const bar =
          tool.endedAt === undefined ? { ...tool.bar, status: "cancelled" as const } : tool.bar;
        bars.push(place(bar, tool.startedAt ?? model.endedAt, tool.endedAt));
      }
    }
    return {
      startedAt: origin,
      durationMs: end - origin,
      bars,
      turns: this.#models.length,
      ...(this.#usage === undefined ? {} : { usage: { ...this.#usage } }),
      ...(this.#reason === undefined ? {} : { reason: this.#reason }),
    };
  }

  #clear(): void {
    this.#startedAt = undefined;
    this.#models = [];
    this.#tools = new Map();
    this.#order = [];
    this.#usage = undefined;
    this.#reason = undefined;
    this.#endedAt = undefined;
  }
}

/** The {@link RunTimeline} of one run's events (see {@link TimelineRecorder}). */
export function buildTimeline(events: Iterable<AgentEvent>): RunTimeline {
  const recorder = new TimelineRecorder();
  for (const event of events) recorder.add(event);
  return recorder.timeline();
}

function emptyBar(kind: TimelineBar["kind"], turn: number, label: string): TimelineBar {
  return { kind, turn, label, startMs: 0, endMs: 0, durationMs: 0, status: "ok" };
}
