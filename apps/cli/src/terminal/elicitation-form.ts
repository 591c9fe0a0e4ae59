import type { McpElicitRequest, McpElicitResult } from "@tinyloop/mcp-transport";
import type { AskApproval } from "./approval.js";

type Field = McpElicitRequest["requestedSchema"]["properties"][string];
type Value = string | number | boolean | string[];

/** The allowed values of an enum field (plain `enum`, `oneOf` consts, or a multi-select's items). */
function choicesOf(field: Field): string[] | undefined {
  const f = field as {
    enum?: string[];
    oneOf?: { const: string }[];
    items?: { enum?: string[]; anyOf?: { const: string }[] };
  };
  if (f.enum) return f.enum;
  if (f.oneOf) return f.oneOf.map((option) => option.const);
  if (f.items?.enum) return f.items.enum;
  if (f.items?.anyOf) return f.items.anyOf.map((option) => option.const);
  return undefined;
}

/** The choices as shown: `hero-1 = Superman` when an option has a title. */
function choiceLabels(field: Field): string[] | undefined {
  const f = field as {
    oneOf?: { const: string; title?: string }[];
    items?: { anyOf?: { const: string; title?: string }[] };
    enumNames?: string[];
  };
  const titled = f.oneOf ?? f.items?.anyOf;
  if (titled) return titled.map((o) => (o.title ? `${o.const} = ${o.title}` : o.const));
  const plain = choicesOf(field);
  if (plain && f.enumNames)
    return plain.map((value, i) => `${value} = ${f.enumNames?.[i] ?? value}`);
  return plain;
}

/** The question for one field: its title or name, description, choices and default. */
function questionFor(name: string, field: Field, required: boolean): string {
  const f = field as { title?: string; description?: string; type: string; default?: unknown };
  const choices = choiceLabels(field);
  const parts = [`  ${f.title ?? name}${required ? "" : " (optional)"}`];
  if (f.description) parts.push(` — ${f.description}`);
  if (choices)
    parts.push(` [${choices.join(" / ")}${f.type === "array" ? ", comma-separated" : ""}]`);
  else if (f.type === "boolean") parts.push(" [y / n]");
  if (f.default !== undefined) parts.push(` (default: ${JSON.stringify(f.default)})`);
  return `${parts.join("")}: `;
}

/** Parses one typed answer; returns an error text when it does not fit the field. */
function parseAnswer(answer: string, field: Field): { value: Value } | { error: string } {
  const f = field as { type: string; minimum?: number; maximum?: number };
  const choices = choicesOf(field);
  if (f.type === "array") {
    const picked = answer
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const wrong = picked.filter((value) => choices && !choices.includes(value));
    if (wrong.length > 0) return { error: `not a choice: ${wrong.join(", ")}` };
    return { value: picked };
  }
  if (choices) {
    return choices.includes(answer)
      ? { value: answer }
      : { error: `choose one of: ${choices.join(", ")}` };
  }
  if (f.type === "boolean") {
    if (/^(y|yes|true)$/i.test(answer)) return { value: true };
    if (/^(n|no|false)$/i.test(answer)) return { value: false };
    return { error: "answer y or n" };
  }
  if (f.type === "number" || f.type === "integer") {
    const number = Number(answer);
    if (answer === "" || Number.isNaN(number)) return { error: `expected a number, e.g. 42` };
    if (f.type === "integer" && !Number.isInteger(number))
      return { error: "expected a whole number" };
    if (f.minimum !== undefined && number < f.minimum) return { error: `at least ${f.minimum}` };
    if (f.maximum !== undefined && number > f.maximum) return { error: `at most ${f.maximum}` };
    return { value: number };
  }
  return { value: answer };
}

/**
 * Asks a server's form elicitation on the terminal, one field at a time. First the person
 * chooses to answer, decline or cancel; then each field shows its title, description,
 * choices and default. An empty answer takes the default (filled in by the library,
 * SEP-1034) or leaves an optional field out; a required field without a default is asked
 * again, as is an answer that does not fit (with the reason). Without a person to ask
 * (`ask` undefined: one-shot without a terminal) the request is declined.
 */
export async function askElicitation(
  server: string,
  request: McpElicitRequest,
  ask: AskApproval | undefined,
  signal: AbortSignal,
): Promise<McpElicitResult> {
  if (!ask) return { action: "decline" };
  const start = await ask(
    `server ${server} asks: ${request.message} — answer? [y]es / [n]o (decline) / [c]ancel: `,
    signal,
  );
  const choice = start?.trim().toLowerCase();
  if (choice === undefined || choice === "c" || choice === "cancel") return { action: "cancel" };
  if (choice !== "y" && choice !== "yes" && choice !== "") return { action: "decline" };
  const schema = request.requestedSchema;
  const required = new Set(schema.required ?? []);
  const content: Record<string, Value> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    let question = questionFor(name, field, required.has(name));
    for (;;) {
      const answer = (await ask(question, signal))?.trim();
      if (answer === undefined) return { action: "cancel" };
      if (answer === "") {
        const hasDefault = (field as { default?: unknown }).default !== undefined;
        if (hasDefault || !required.has(name)) break;
        question = `  ${name} is required: `;
        continue;
      }
      const parsed = parseAnswer(answer, field);
      if ("value" in parsed) {
        content[name] = parsed.value;
        break;
      }
      question = `  ${parsed.error}; ${name}: `;
    }
  }
  return { action: "accept", content };
}
