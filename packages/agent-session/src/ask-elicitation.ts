import type { McpElicitRequest, McpElicitResult } from "@tinyloop/mcp-transport";
import type { AskQuestion } from "./ask-approval.js";
import {
  type ElicitationField,
  type ElicitationValue,
  fieldChoiceLabels,
  parseFieldAnswer,
} from "./elicitation-field.js";
import { visibleControls } from "./visible-controls.js";

/** The question for one field: its title or name, description, choices and default. */
function questionFor(name: string, field: ElicitationField, required: boolean): string {
  const f = field as { title?: string; description?: string; type: string; default?: unknown };
  const choices = fieldChoiceLabels(field);
  const parts = [`  ${visibleControls(f.title ?? name)}${required ? "" : " (optional)"}`];
  if (f.description) parts.push(` — ${visibleControls(f.description)}`);
  if (choices)
    parts.push(` [${choices.join(" / ")}${f.type === "array" ? ", comma-separated" : ""}]`);
  else if (f.type === "boolean") parts.push(" [y / n]");
  if (f.default !== undefined) parts.push(` (default: ${JSON.stringify(f.default)})`);
  return `${parts.join("")}: `;
}

/**
 * Asks a server's form elicitation through `ask` (e.g. on a terminal), one field at a time:
 * an `onElicit` for `openAgentSession` is `(request, { server, signal }) => askElicitation(server, request, ask, signal)`. First the person
 * chooses to answer, decline or cancel; then each field shows its title, description,
 * choices and default. An empty answer takes the default (filled in by the library,
 * SEP-1034) or leaves an optional field out; a required field without a default is asked
 * again, as is an answer that does not fit (with the reason). Without a person to ask
 * (`ask` undefined: one-shot without a terminal) the request is declined.
 */
export async function askElicitation(
  server: string,
  request: McpElicitRequest,
  ask: AskQuestion | undefined,
  signal: AbortSignal,
): Promise<McpElicitResult> {
  if (!ask) return { action: "decline" };
  const start = await ask(
    `server ${server} asks: ${visibleControls(request.message)} — answer? [y]es / [n]o (decline) / [c]ancel: `,
    signal,
  );
  const choice = start?.trim().toLowerCase();
  if (choice === undefined || choice === "c" || choice === "cancel") return { action: "cancel" };
  if (choice !== "y" && choice !== "yes" && choice !== "") return { action: "decline" };
  const schema = request.requestedSchema;
  const required = new Set(schema.required ?? []);
  const content: Record<string, ElicitationValue> = {};
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
      const parsed = parseFieldAnswer(answer, field);
      if ("value" in parsed) {
        content[name] = parsed.value;
        break;
      }
      question = `  ${parsed.error}; ${name}: `;
    }
  }
  return { action: "accept", content };
}
