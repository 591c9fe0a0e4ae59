import { callWithArguments, cutOffCall } from "../read-arguments.js";
import type { TextFormat } from "../text-format.js";

/**
 * Functionary v3.1 (Llama 3.1 based): `<function=NAME>{…}</function>`, and
 * `<|python_tag|>code` for its `python` tool.
 */
export const functionaryV31Format: TextFormat = {
  name: "functionary-v3.1",
  markers: [
    {
      kind: "call",
      start: "<function=",
      end: ["</function>"],
      parse: (inner, { complete }) => {
        const close = inner.indexOf(">");
        if (close < 0) return [{ type: "call", call: cutOffCall(inner.trim(), "") }];
        const name = inner.slice(0, close).trim();
        const args = inner.slice(close + 1);
        // Cut off after whole arguments (servers that stop on `</function>`): still the call.
        const call = callWithArguments(name, args);
        const whole = complete || (!call.error && args.trim() !== "");
        return [{ type: "call", call: whole ? call : cutOffCall(name, args) }];
      },
    },
    {
      kind: "call",
      start: "<|python_tag|>",
      end: ["<|eom_id|>", "<|eot_id|>"],
      parse: (inner) => [{ type: "call", call: { name: "python", arguments: { code: inner } } }],
    },
  ],
  renderTools: (tools) =>
    [
      "Cutting Knowledge Date: December 2023",
      "",
      "",
      "You have access to the following functions:",
      "",
      ...tools.map(
        (tool) =>
          `Use the function '${tool.name}' to '${tool.description}'\n${JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.inputSchema })}\n`,
      ),
      "",
      "Think very carefully before calling functions.",
      "If a you choose to call a function ONLY reply in the following format:",
      "<{start_tag}={function_name}>{parameters}{end_tag}",
      "where",
      "",
      "start_tag => `<function`",
      "parameters => a JSON dict with the function argument name as key and function argument value as value.",
      "end_tag => `</function>`",
      "",
      'Here is an example,\n<function=example_function_name>{"example_name": "example_value"}</function>',
    ].join("\n"),
  renderCalls: (calls) =>
    calls
      .map((call) => `<function=${call.name}>${JSON.stringify(call.arguments ?? {})}</function>`)
      .join(""),
  renderResults: (results) => results.map((result) => result.text).join("\n\n"),
};
