import type { AgentEvent, DoneEvent, ToolResultEvent } from "../events.js";

/** Every event of a run, in order. */
export async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The final `done` event (and a check that it is last and alone). */
export function doneOf(events: AgentEvent[]): DoneEvent {
  const done = events.filter((event): event is DoneEvent => event.type === "done");
  if (done.length !== 1 || events.at(-1) !== done[0]) {
    throw new Error(
      `expected exactly one done event, last; got ${events.map((e) => e.type).join(", ")}`,
    );
  }
  return done[0] as DoneEvent;
}

/** The `tool-result` events, in the order they arrived. */
export function toolResults(events: AgentEvent[]): ToolResultEvent[] {
  return events.filter((event): event is ToolResultEvent => event.type === "tool-result");
}

/** The text of a result or tool message's content. */
export function textOf(content: ReadonlyArray<{ type: string; text?: string }>): string {
  return content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("");
}
