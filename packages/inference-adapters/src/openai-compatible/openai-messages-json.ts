import type { ChatMessage } from "../types.js";
import type { ReasoningEcho } from "./reasoning-echo.js";
import { imagesMessage, type OpenAIContentPart, toOpenAIMessage } from "./to-openai-messages.js";

/** What a message's conversion depends on: its fields, compared by value or reference. */
interface Fields {
  role: unknown;
  content: unknown;
  toolCalls: unknown;
  toolCallId: unknown;
  toolName: unknown;
  isError: unknown;
  reasoning: unknown;
}

interface Entry extends Fields {
  json: string;
  images: OpenAIContentPart[];
}

function fieldsOf(message: ChatMessage): Fields {
  const any = message as Partial<Record<keyof Fields, unknown>>;
  return {
    role: any.role,
    content: any.content,
    toolCalls: any.toolCalls,
    toolCallId: any.toolCallId,
    toolName: any.toolName,
    isError: any.isError,
    reasoning: any.reasoning,
  };
}

function sameFields(message: ChatMessage, entry: Entry): boolean {
  const any = message as Partial<Record<keyof Fields, unknown>>;
  return (
    any.content === entry.content &&
    any.role === entry.role &&
    any.toolCalls === entry.toolCalls &&
    any.toolCallId === entry.toolCallId &&
    any.toolName === entry.toolName &&
    any.isError === entry.isError &&
    any.reasoning === entry.reasoning
  );
}

/** What the last `write` saw, to continue from when the next history starts with it. */
interface Written {
  messages: ChatMessage[];
  entries: Entry[];
  /** The messages' JSON, comma-separated, without the brackets. */
  json: string;
  /** No images were waiting for their user message after the last message. */
  clean: boolean;
}

const append = (json: string, part: string) => (json === "" ? part : `${json},${part}`);

/**
 * Writes the `messages` array of a chat-completions request as JSON text, converting and
 * serialising each message once: an agent's history grows by a few messages a turn, and
 * converting and stringifying all of it for every request made the request cost grow with
 * the length of the conversation. When a history starts with the messages of the previous
 * call (the same objects, in the same order), their JSON is reused as one piece and only the
 * new messages are written. So a message object that was sent is treated as unchanging: to
 * change one, put a new object in its place (an agent's history only grows; `Agent` never
 * changes a message it has sent). Other histories (reordered, cut, with replaced messages)
 * are written message by message, each message's JSON kept per object while the fields its
 * conversion reads hold the same values.
 */
export class OpenAIMessagesJson {
  readonly #vision: boolean;
  readonly #echo: ReasoningEcho;
  readonly #cache = new WeakMap<ChatMessage, Entry>();
  #last: Written = { messages: [], entries: [], json: "", clean: true };

  constructor(vision: boolean, echo: ReasoningEcho = "none") {
    this.#vision = vision;
    this.#echo = echo;
  }

  /** The JSON text of `messages` converted to OpenAI messages (`[…]`). */
  write(messages: readonly ChatMessage[]): string {
    const reuse = this.#continues(messages);
    const last = this.#last;
    const seen = reuse ? last.messages : [];
    const entries = reuse ? last.entries : [];
    let json = reuse ? last.json : "";
    let pendingImages: OpenAIContentPart[] = [];
    for (let index = seen.length; index < messages.length; index++) {
      const message = messages[index] as ChatMessage;
      if (message.role !== "tool" && pendingImages.length > 0) {
        json = append(json, JSON.stringify(imagesMessage(pendingImages)));
        pendingImages = [];
      }
      const entry = this.#entry(message);
      json = append(json, entry.json);
      seen.push(message);
      entries.push(entry);
      if (entry.images.length > 0) pendingImages = [...pendingImages, ...entry.images];
    }
    const clean = pendingImages.length === 0;
    this.#last = { messages: seen, entries, json, clean };
    return `[${clean ? json : append(json, JSON.stringify(imagesMessage(pendingImages)))}]`;
  }

  /** Whether `messages` starts with the last call's message objects. */
  #continues(messages: readonly ChatMessage[]): boolean {
    const last = this.#last;
    if (!last.clean || last.messages.length === 0 || last.messages.length > messages.length) {
      return false;
    }
    for (let index = 0; index < last.messages.length; index++) {
      if (messages[index] !== last.messages[index]) return false;
    }
    return true;
  }

  #entry(message: ChatMessage): Entry {
    const cached = this.#cache.get(message);
    if (cached && sameFields(message, cached)) return cached;
    const converted = toOpenAIMessage(message, this.#vision, this.#echo);
    const entry: Entry = {
      ...fieldsOf(message),
      json: JSON.stringify(converted.message),
      images: converted.images,
    };
    this.#cache.set(message, entry);
    return entry;
  }
}
