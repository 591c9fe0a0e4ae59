import { toolResultText } from "../messages/describe-content-block.js";
import type { ChatMessage, ToolSpec } from "../types.js";
import type { TextFormat, TextToolResult } from "./text-format.js";

/** What the last `write` converted for good: its first messages, which a next history may start with. */
interface Settled {
  /** The messages converted for good (a trailing run of tool results may still grow); owned here. */
  sources: ChatMessage[];
  /** What they were converted to; owned here. */
  out: ChatMessage[];
  /** The format and tools section they were converted for. */
  format: TextFormat;
  toolSection: string;
  systemDone: boolean;
}

/**
 * The conversation as a model without native tool calling reads it: the tools section of
 * its chat template added to the system message (one is made when there is none), earlier
 * calls written back into the assistant turns in its own syntax, and each run of tool
 * results sent as one user turn in the family's result framing (such endpoints have no
 * `tool` role for the model). A user message right after results joins that turn, since
 * several templates (Mistral's, Gemma's) refuse two user turns in a row.
 *
 * An agent's history grows by a few messages a turn: when a history starts with the messages
 * the last `write` converted (the same objects), only the new ones are converted, and every
 * converted message is the same object as before, so the adapter below (which keeps each sent
 * message's JSON by object) writes only the new ones too. A message object that was sent is
 * treated as unchanging, as the adapters do.
 */
export class TextToolMessages {
  #settled: Settled | undefined;

  /** The conversation `messages` with `tools` written in `format`; `instruction` ends the tools section. */
  write(
    messages: readonly ChatMessage[],
    tools: readonly ToolSpec[],
    format: TextFormat,
    instruction = "",
  ): ChatMessage[] {
    const toolSection = tools.length > 0 ? joinText(renderedTools(tools, format), instruction) : "";
    let settled = this.#settled;
    if (
      settled === undefined ||
      settled.format !== format ||
      settled.toolSection !== toolSection ||
      !startsWith(messages, settled.sources)
    ) {
      settled = { sources: [], out: [], format, toolSection, systemDone: toolSection === "" };
      this.#settled = settled;
    }
    const { sources, out } = settled;
    // A run of tool results (and a user message right after it), written as one user turn.
    let run: ChatMessage[] = [];
    const runTurn = () =>
      kept(run, resultsKey(run, messages, sources.length, format), () =>
        resultsTurn(run, messages, sources.length, format),
      );
    for (let index = sources.length; index < messages.length; index++) {
      const message = messages[index] as ChatMessage;
      if (message.role === "tool") {
        run.push(message);
        continue;
      }
      if (run.length > 0) {
        const joins = message.role === "user" && typeof message.content === "string";
        if (joins) run.push(message);
        out.push(runTurn());
        sources.push(...run);
        run = [];
        if (joins) continue;
      }
      if (message.role === "system" && !settled.systemDone) {
        out.push(
          kept([message], `${format.name}\n${toolSection}`, () => ({
            role: "system",
            content: joinText(message.content, toolSection),
          })),
        );
        settled.systemDone = true;
      } else if (
        message.role === "assistant" &&
        message.toolCalls &&
        message.toolCalls.length > 0
      ) {
        out.push(kept([message], format.name, () => callsTurn(message, format)));
      } else out.push(message);
      sources.push(message);
    }
    const sent = settled.systemDone ? [...out] : [keptSystem(tools, toolSection), ...out];
    if (run.length > 0) sent.push(runTurn());
    return sent;
  }
}

function startsWith(messages: readonly ChatMessage[], start: readonly ChatMessage[]): boolean {
  if (start.length === 0 || start.length > messages.length) return false;
  for (let index = 0; index < start.length; index++) {
    if (messages[index] !== start[index]) return false;
  }
  return true;
}

/** An assistant turn's calls written back in the format's own syntax, after its text. */
function callsTurn(message: Extract<ChatMessage, { role: "assistant" }>, format: TextFormat) {
  const written = format.renderCalls(
    (message.toolCalls ?? []).map((call) => ({
      id: call.id,
      name: call.name,
      arguments: parseArguments(call.arguments),
    })),
  );
  // The reasoning stays with the turn: the inner adapter sends back what its provider needs.
  return {
    role: "assistant",
    content: joinText(message.content, written),
    ...(message.reasoning ? { reasoning: message.reasoning } : {}),
  } satisfies ChatMessage;
}

/** A result's tool name: its own, else the name of the call it answers, from the turns before `before`. */
function nameOf(
  message: Extract<ChatMessage, { role: "tool" }>,
  messages: readonly ChatMessage[],
  before: number,
): string {
  if (message.toolName !== undefined) return message.toolName;
  for (let index = before - 1; index >= 0; index--) {
    const earlier = messages[index] as ChatMessage;
    if (earlier.role !== "assistant") continue;
    const call = earlier.toolCalls?.find((candidate) => candidate.id === message.toolCallId);
    if (call) return call.name;
  }
  return "tool";
}

/** What a run's turn depends on besides its messages: the format and the names of its results' tools. */
function resultsKey(
  run: readonly ChatMessage[],
  messages: readonly ChatMessage[],
  before: number,
  format: TextFormat,
): string {
  const names = run.map((message) =>
    message.role === "tool" ? nameOf(message, messages, before) : "",
  );
  return `${format.name}\n${names.join("\n")}`;
}

/** A run of tool results as one user turn in the family's framing, a user message after it joined. */
function resultsTurn(
  run: readonly ChatMessage[],
  messages: readonly ChatMessage[],
  before: number,
  format: TextFormat,
): ChatMessage {
  const pending: TextToolResult[] = [];
  let after = "";
  for (const message of run) {
    if (message.role === "tool") {
      pending.push({
        id: message.toolCallId,
        name: nameOf(message, messages, before),
        text: toolResultText(message.content, message.isError),
        isError: message.isError === true,
      });
    } else if (message.role === "user" && typeof message.content === "string") {
      after = message.content;
    }
  }
  return { role: "user", content: joinText(format.renderResults(pending), after) };
}

// The converted messages are kept with the messages they came from, so a history that
// only grew converts to the same objects as before, and the adapter below, which keeps
// each sent message's JSON by object, writes only the new ones (as it does for native
// calls) instead of the whole conversation on every turn.
// A source whose fields were changed in place since is converted again.
const conversions = new WeakMap<
  ChatMessage,
  {
    sources: readonly ChatMessage[];
    fields: readonly ChatMessage[];
    key: string;
    message: ChatMessage;
  }
>();

function kept(sources: readonly ChatMessage[], key: string, make: () => ChatMessage): ChatMessage {
  const first = sources[0] as ChatMessage;
  const known = conversions.get(first);
  if (
    known &&
    known.key === key &&
    known.sources.length === sources.length &&
    known.sources.every(
      (source, index) => source === sources[index] && sameFields(source, known.fields[index]!),
    )
  ) {
    return known.message;
  }
  const message = make();
  conversions.set(first, {
    sources: [...sources],
    fields: sources.map((source) => ({ ...source })),
    key,
    message,
  });
  return message;
}

function sameFields(message: ChatMessage, copy: ChatMessage): boolean {
  const now = message as Record<string, unknown>;
  const then = copy as Record<string, unknown>;
  const keys = Object.keys(now);
  return keys.length === Object.keys(then).length && keys.every((key) => now[key] === then[key]);
}

// An agent sends the same tools array turn after turn (the agent loop keeps one until the
// tools change): its rendering is kept with it, and so is the system message made of it. A
// caller that changes an array in place gets the old rendering, so tools arrays are treated
// as values.
const rendered = new WeakMap<readonly ToolSpec[], Map<TextFormat, string>>();
const systemTurns = new WeakMap<readonly ToolSpec[], Map<string, ChatMessage>>();

function keptSystem(tools: readonly ToolSpec[], toolSection: string): ChatMessage {
  const bySection = systemTurns.get(tools) ?? new Map<string, ChatMessage>();
  systemTurns.set(tools, bySection);
  let message = bySection.get(toolSection);
  if (!message) {
    message = { role: "system", content: toolSection };
    bySection.set(toolSection, message);
  }
  return message;
}

function renderedTools(tools: readonly ToolSpec[], format: TextFormat): string {
  const byFormat = rendered.get(tools) ?? new Map<TextFormat, string>();
  rendered.set(tools, byFormat);
  const text = byFormat.get(format) ?? format.renderTools(tools);
  byFormat.set(format, text);
  return text;
}

function joinText(first: string, second: string): string {
  if (first === "") return second;
  if (second === "") return first;
  return `${first}\n\n${second}`;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text === "" ? "{}" : text);
  } catch {
    return text;
  }
}
