import { plainToolJson } from "../render-tools.js";
import type { TextFormat } from "../text-format.js";
import { parseJsonListAfterMarker } from "./json-list-after-marker.js";

/**
 * Phi-4-mini: `functools[{"name": …, "arguments": {…}}]`, tools listed in the system turn
 * between `<|tool|>` and `<|/tool|>`.
 */
export const phi4MiniFormat: TextFormat = {
  name: "phi-4-mini",
  markers: [{ kind: "call", start: "functools", parse: parseJsonListAfterMarker }],
  renderTools: (tools) => `<|tool|>[${tools.map(plainToolJson).join(", ")}]<|/tool|>`,
  renderCalls: (calls) =>
    `functools${JSON.stringify(calls.map((call) => ({ name: call.name, arguments: call.arguments ?? {} })))}`,
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};
