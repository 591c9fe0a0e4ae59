import type { ToolFormatSwitch } from "@tinyloop/inference-adapters/text-tool-calls";

/** The model left native tool calling for a text format (`auto`), told once per session. */
export interface ToolFormatEvent {
  type: "tool-format";
  /** The text format used from now on, e.g. `hermes`. */
  format: string;
  /** `tools-refused`: the server refused native tools; `text-call-seen`: the model wrote a call as text. */
  reason: ToolFormatSwitch["reason"];
  /** The server's words or the marker seen. */
  detail: string;
}

/** The switch as a session event (`tinyloop run --json` writes it as one line). */
export function toolFormatEvent(change: ToolFormatSwitch): ToolFormatEvent {
  return {
    type: "tool-format",
    format: change.format,
    reason: change.reason,
    detail: change.detail,
  };
}
