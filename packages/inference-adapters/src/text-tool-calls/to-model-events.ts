import type { ModelEvent } from "../types.js";
import type { TextToolCallEvent } from "./text-tool-call-stream.js";

/**
 * A parsed event as the model event the agent loop reads. A call with an error still goes
 * out as a call, so the loop answers it with an error result the model reads: a tool that
 * was not offered gets the loop's UNKNOWN_TOOL; unreadable arguments are sent as the text
 * the model wrote (blank ones as `{`, which the registry cannot mistake for "no
 * arguments"), which the registry refuses as INVALID_ARGUMENTS, quoting where it broke.
 */
export function toModelEvent(event: TextToolCallEvent): ModelEvent {
  if (event.type === "text") return { type: "text-delta", text: event.text };
  if (event.type === "reasoning") return { type: "reasoning-delta", text: event.text };
  const { call } = event;
  let args: string;
  if (call.error?.code === "INVALID_ARGUMENTS") {
    const raw =
      typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    args = raw.trim() === "" ? "{" : raw;
  } else args = JSON.stringify(call.arguments ?? {});
  return {
    type: "tool-call",
    id: callId(),
    name: call.name,
    arguments: args,
  };
}

// Looked up once: in Node, `globalThis.crypto` is a getter that cost more than the UUID itself.
let randomUUID: (() => string) | undefined;

/** A fresh call id in OpenAI's shape (`call_` and 24 hex digits). */
function callId(): string {
  randomUUID ??= globalThis.crypto.randomUUID.bind(globalThis.crypto);
  return `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}
