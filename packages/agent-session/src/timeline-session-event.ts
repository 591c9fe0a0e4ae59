import type { RunTimeline } from "@tinyloop/agent-loop";

/**
 * A run drawn as a timeline (agent-loop's `RunTimeline`: model and tool calls on one time
 * axis), sent after the run's `done` event by a program asked for timelines.
 */
export interface TimelineSessionEvent extends RunTimeline {
  type: "timeline";
}
