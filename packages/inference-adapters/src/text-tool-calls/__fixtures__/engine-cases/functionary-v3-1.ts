import type { EngineCase } from "./engine-case.js";

const cpp = "ggml-org/llama.cpp tests/test-chat.cpp (functionary-medium-v3.1 block)";

/** Functionary v3.1: `<function=NAME>{…}</function>`. */
export const functionaryV31Cases: EngineCase[] = [
  {
    source: `${cpp}: message_assist_call`,
    text: '<function=special_function>{"arg1": 1}</function>',
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
  {
    source: `${cpp}: message_assist_call, cut off inside the end marker (is_partial)`,
    text: '<function=special_function>{"arg1": 1}<',
    calls: [{ name: "special_function", arguments: { arg1: 1 } }],
  },
];
