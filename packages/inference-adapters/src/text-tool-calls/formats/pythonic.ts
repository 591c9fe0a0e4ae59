import { LooseReader } from "../loose-value.js";
import { cutOffCall, invalidArguments } from "../read-arguments.js";
import { thinkBlock } from "../render-tools.js";
import type { TextFormat, TextPiece, TextToolCall } from "../text-format.js";

/**
 * Python call lists: `[get_weather(city="Paris"), get_time(tz='CET')]` — Llama 3.2 / 4
 * (`<|python_start|>…<|python_end|>`), Gemma 3 (also in a ```tool_code fence), LFM2
 * (`<|tool_call_start|>…<|tool_call_end|>`). A bare list is a call list wherever it stands
 * (after words too); results go back in a user turn as a ```tool_output block (Gemma's way).
 */
export const pythonicFormat: TextFormat = {
  name: "pythonic",
  markers: [
    thinkBlock,
    // A list anywhere in the answer (SGLang reads a call list after words); one that is not a
    // call list (`[1]`, a Markdown link) is text. It ends at its closing bracket.
    {
      kind: "call",
      start: "[",
      endAt: closingBracket,
      parse: (inner) => parseCallList(`[${inner}`, true),
    },
    {
      kind: "call",
      start: "<|python_start|>",
      end: ["<|python_end|>"],
      parse: (inner) => parseCallList(inner, false),
    },
    {
      kind: "call",
      start: "<|tool_call_start|>",
      end: ["<|tool_call_end|>"],
      parse: (inner) => parseCallList(inner, false),
    },
    {
      kind: "call",
      start: "```tool_code",
      end: ["```"],
      parse: (inner) => parseCallList(inner.trim().replace(/^print\(([\s\S]*)\)$/, "$1"), false),
    },
  ],
  renderTools: (tools) =>
    [
      "You are an expert in composing functions. You are given a question and a set of possible functions. Based on the question, you will need to make one or more function/tool calls to achieve the purpose.",
      "If you decide to invoke any of the function(s), you MUST put it in the format of [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]",
      "You SHOULD NOT include any other text in the response if you call a function.",
      "",
      "Here is a list of functions in JSON format that you can invoke.",
      JSON.stringify(
        tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
        })),
        null,
        2,
      ),
    ].join("\n"),
  renderCalls: (calls) =>
    `[${calls
      .map(
        (call) =>
          `${call.name}(${Object.entries((call.arguments ?? {}) as Record<string, unknown>)
            .map(([key, value]) => `${key}=${pythonLiteral(value)}`)
            .join(", ")})`,
      )
      .join(", ")}]`,
  renderResults: (results) =>
    results.map((result) => `\`\`\`tool_output\n${result.text}\n\`\`\``).join("\n"),
};

/** A value as a Python literal (for the assistant turns sent back). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

/**
 * `[name(key=value, …), …]` (the brackets optional inside explicit markers). A bare list
 * that does not start like a call (`[1, 2]`, a Markdown link) is answer text.
 */
export function parseCallList(text: string, bare: boolean): TextPiece[] {
  const body = text.trim();
  if (bare && !/^\[\s*[A-Za-z_][\w.-]*\s*\(/.test(body)) return [{ type: "text", text }];
  const reader = new LooseReader(body, []);
  const calls: TextToolCall[] = [];
  const bracketed = body.startsWith("[");
  if (bracketed) reader.position = 1;
  for (;;) {
    reader.skipSpace();
    if (bracketed && body[reader.position] === "]") {
      reader.position++;
      break;
    }
    if (reader.position >= body.length) {
      // A list without its closing bracket: the completion stopped inside it.
      if (bracketed && calls.length === 0) calls.push(cutOffCall("", body));
      break;
    }
    const name = /^[A-Za-z_][\w.-]*/.exec(body.slice(reader.position, reader.position + 200))?.[0];
    if (!name || body[reader.position + name.length] !== "(") {
      if (calls.length === 0) return [{ type: "text", text }];
      break;
    }
    reader.position += name.length + 1;
    const callStart = reader.position;
    const call = readKeywordArguments(reader, name);
    calls.push(call);
    if (call.error) {
      // Engines keep the readable calls around an unreadable one: skip to its closing ")".
      const after = closingParen(body, callStart);
      if (after === undefined) return calls.map((item) => ({ type: "call", call: item }));
      reader.position = after;
    }
    reader.skipSpace();
    if (body[reader.position] === ",") reader.position++;
  }
  const pieces: TextPiece[] = calls.map((call) => ({ type: "call", call }));
  const rest = body.slice(reader.position);
  if (rest.trim() !== "") pieces.push({ type: "text", text: rest });
  return pieces;
}

function readKeywordArguments(reader: LooseReader, name: string): TextToolCall {
  const start = reader.position;
  const args: Record<string, unknown> = {};
  try {
    for (;;) {
      reader.skipSpace();
      if (reader.text[reader.position] === ")") {
        reader.position++;
        return { name, arguments: args };
      }
      const key = /^[A-Za-z_]\w*/.exec(
        reader.text.slice(reader.position, reader.position + 200),
      )?.[0];
      if (!key) reader.fail("an argument name");
      reader.position += key.length;
      reader.skipSpace();
      if (reader.text[reader.position] !== "=") reader.fail('"=" after an argument name');
      reader.position++;
      args[key] = reader.value();
      reader.skipSpace();
      if (reader.text[reader.position] === ",") reader.position++;
      else if (reader.text[reader.position] !== ")") reader.fail('"," or ")"');
    }
  } catch (error) {
    const raw = reader.text.slice(start);
    if (reader.position >= reader.text.length) return cutOffCall(name, raw);
    return invalidArguments(name, raw, (error as Error).message);
  }
}

/** The index after the ")" that closes a call whose arguments start at `from`, skipping quoted text; undefined when none does. */
function closingParen(text: string, from: number): number | undefined {
  let depth = 1;
  let quote: string | undefined;
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === "\\") index++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index + 1;
  }
  return undefined;
}

/**
 * The length up to and with the `]` that closes a list opened just before `inner`, or
 * undefined while it is open. Quotes count only inside a call's parentheses, so an apostrophe
 * in prose (`[Bob's notes]`) does not hide the bracket that closes it.
 */
function closingBracket(inner: string): number | undefined {
  let depth = 1;
  let parens = 0;
  let quote: string | undefined;
  for (let index = 0; index < inner.length; index++) {
    const char = inner[index]!;
    if (quote) {
      if (char === "\\") index++;
      else if (char === quote) quote = undefined;
    } else if (parens > 0 && (char === "'" || char === '"')) quote = char;
    else if (char === "(") parens++;
    else if (char === ")") parens = Math.max(0, parens - 1);
    else if (char === "[") depth++;
    else if (char === "]" && --depth === 0) return index + 1;
  }
  return undefined;
}
