import { plainToolJson } from "../render-tools.js";
import type { TextFormat } from "../text-format.js";
import { parseJsonListAfterMarker } from "./json-list-after-marker.js";

/** FireFunction v2: ` functools[{"name": …, "arguments": {…}}]`, the functions listed as JSON in the system turn. */
export const fireFunctionV2Format: TextFormat = {
  name: "firefunction-v2",
  markers: [{ kind: "call", start: "functools", parse: parseJsonListAfterMarker }],
  renderTools: (tools) =>
    [
      "You are a helpful assistant with access to functions. In addition to plain text responses, you can chose to call one or more of the provided functions.",
      "",
      "Available functions as JSON spec:",
      `[${tools.map(plainToolJson).join(",\n")}]`,
    ].join("\n"),
  renderCalls: (calls) =>
    ` functools${JSON.stringify(calls.map((call) => ({ name: call.name, arguments: call.arguments ?? {} })))}`,
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};
