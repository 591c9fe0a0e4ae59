import { describeValue, oneOf } from "@tinyloop/errors";
import { InferenceError, type InferenceErrorCode } from "../inference-error.js";
import type { ChatMessage, ChatRequest, ModelEvent } from "../types.js";

/** What strict replay compares: enough to notice a changed conversation, small enough to read. */
export interface RequestFingerprint {
  /** Number of messages in the request. */
  messages: number;
  /** Role of the last message. */
  lastRole: ChatMessage["role"];
  /** Text of the last message, first 500 characters (tool results: their text blocks). */
  lastText: string;
  /** Names of the offered tools, in request order. */
  tools: string[];
}

/** One model call of a cassette: one line of the `.jsonl` file. */
export interface CassetteEntry {
  /** The events to emit, in order. */
  events: ModelEvent[];
  /** The recorded request; checked only in strict mode, and only when present. */
  request?: RequestFingerprint;
  /** The call ended with this error after its events. */
  error?: { code: InferenceErrorCode; message: string };
  /** Provider and model that were recorded (informative). */
  provider?: string;
  modelId?: string;
}

const textLimit = 500;

function messageText(message: ChatMessage): string {
  switch (message.role) {
    case "system":
    case "assistant":
      return message.content;
    case "user":
      return typeof message.content === "string"
        ? message.content
        : message.content
            .map((part) => (part.type === "text" ? part.text : `[image ${part.mimeType}]`))
            .join("\n");
    case "tool":
      return message.content
        .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
        .join("\n");
  }
}

/** The fingerprint of a request, as recorded in cassettes and compared by strict replay. */
export function fingerprintRequest(request: ChatRequest): RequestFingerprint {
  const last = request.messages.at(-1);
  return {
    messages: request.messages.length,
    lastRole: last?.role ?? "user",
    lastText: last ? messageText(last).slice(0, textLimit) : "",
    tools: (request.tools ?? []).map((tool) => tool.name),
  };
}

/** Describes how `actual` differs from `recorded`, or returns undefined when they match. */
export function fingerprintDifference(
  recorded: RequestFingerprint,
  actual: RequestFingerprint,
): string | undefined {
  const show = (value: unknown) => JSON.stringify(value).slice(0, 120);
  const differences: string[] = [];
  if (recorded.messages !== actual.messages) {
    differences.push(`message count: recorded ${recorded.messages}, got ${actual.messages}`);
  }
  if (recorded.lastRole !== actual.lastRole) {
    differences.push(`last message role: recorded ${recorded.lastRole}, got ${actual.lastRole}`);
  }
  if (recorded.lastText !== actual.lastText) {
    differences.push(
      `last message text: recorded ${show(recorded.lastText)}, got ${show(actual.lastText)}`,
    );
  }
  if (recorded.tools.join("\n") !== actual.tools.join("\n")) {
    differences.push(`tools: recorded ${show(recorded.tools)}, got ${show(actual.tools)}`);
  }
  return differences.length > 0 ? differences.join("; ") : undefined;
}

type FieldKind = "string" | "number" | "string?" | "number?" | "reasoning-part";

const eventFields: Record<ModelEvent["type"], Record<string, FieldKind>> = {
  "text-delta": { text: "string" },
  "reasoning-delta": { text: "string" },
  reasoning: { part: "reasoning-part" },
  "tool-call-delta": { index: "number", id: "string?", name: "string?", argumentsDelta: "string" },
  "tool-call": { id: "string", name: "string", arguments: "string" },
  usage: { inputTokens: "number", outputTokens: "number", reasoningTokens: "number?" },
  finish: { reason: "string" },
};
const finishReasons = ["stop", "tool-calls", "length", "content-filter"];

function invalid(where: string, message: string): InferenceError {
  return new InferenceError({
    code: "CASSETTE_INVALID",
    message: `${where}: ${message}. A cassette line looks like {"events":[{"type":"text-delta","text":"Hi"},{"type":"finish","reason":"stop"}]}.`,
  });
}

function checkEvent(event: unknown, where: string): void {
  if (typeof event !== "object" || event === null)
    throw invalid(where, `expected an event object, got ${describeValue(event)}`);
  const type = (event as { type?: unknown }).type;
  const fields = typeof type === "string" ? eventFields[type as ModelEvent["type"]] : undefined;
  if (!fields) {
    throw invalid(
      `${where}.type`,
      `expected ${oneOf(Object.keys(eventFields).map((name) => JSON.stringify(name)))}, got ${describeValue(type)}`,
    );
  }
  for (const [field, kind] of Object.entries(fields)) {
    const value = (event as Record<string, unknown>)[field];
    if ((kind === "string?" || kind === "number?") && value === undefined) continue;
    if (kind === "reasoning-part") {
      checkReasoningPart(value, `${where}.${field}`);
      continue;
    }
    const expected = kind.startsWith("number") ? "number" : "string";
    if (typeof value !== expected) {
      throw invalid(`${where}.${field}`, `expected a ${expected}, got ${describeValue(value)}`);
    }
  }
  if (type === "finish" && !finishReasons.includes((event as { reason: string }).reason)) {
    throw invalid(
      `${where}.reason`,
      `expected ${oneOf(finishReasons.map((reason) => JSON.stringify(reason)))}, got ${describeValue((event as { reason: string }).reason)}`,
    );
  }
}

function checkReasoningPart(part: unknown, where: string): void {
  const example =
    'a reasoning part such as {"type":"thinking","text":"…","signature":"…"} or {"type":"redacted","data":"…"}';
  if (typeof part !== "object" || part === null) {
    throw invalid(where, `expected ${example}, got ${describeValue(part)}`);
  }
  const { type, text, data, signature } = part as Record<string, unknown>;
  const ok =
    (type === "thinking" &&
      typeof text === "string" &&
      (signature === undefined || typeof signature === "string")) ||
    (type === "redacted" && typeof data === "string");
  if (!ok) throw invalid(where, `expected ${example}, got ${describeValue(part)}`);
}

/** Checks one parsed entry; `where` names it in errors (e.g. `demo.jsonl line 3`). */
export function checkCassetteEntry(entry: unknown, where: string): CassetteEntry {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw invalid(where, `expected an object with "events", got ${describeValue(entry)}`);
  }
  const events = (entry as { events?: unknown }).events;
  if (!Array.isArray(events))
    throw invalid(`${where}.events`, `expected a list of events, got ${describeValue(events)}`);
  events.forEach((event, index) => {
    checkEvent(event, `${where}.events[${index}]`);
  });
  return entry as CassetteEntry;
}

/** Parses cassette text: one JSON entry per line; blank lines are skipped. */
export function parseCassette(text: string, source: string): CassetteEntry[] {
  const entries: CassetteEntry[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw invalid(`${source} line ${index + 1}`, `not JSON (${(error as Error).message})`);
    }
    entries.push(checkCassetteEntry(parsed, `${source} line ${index + 1}`));
  });
  return entries;
}
