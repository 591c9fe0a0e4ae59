import type { ChatMessage } from "../types.js";
import { imagesMessage, type OpenAIContentPart, toOpenAIMessage } from "./to-openai-messages.js";

/** What a message's conversion depends on: its fields, compared by value or reference. */
interface Fields {
  role: unknown;
  content: unknown;
  toolCalls: unknown;
  toolCallId: unknown;
  toolName: unknown;
  isError: unknown;
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
    any.isError === entry.isError
  );
}

/**
 * Writes the `messages` array of a chat-completions request as JSON text, converting and
 * serialising each message once: an agent's history grows by a few messages a turn, and
 * converting and stringifying all of it for every request made the request cost grow with
 * the length of the conversation. A message is known again by identity while the fields
 * its conversion reads hold the same values (assigning one a new value, or a new content
 * array, converts it afresh); changing the inside of a content array that was already sent
 * is not noticed — send a new message object instead.
 */
export class OpenAIMessagesJson {
  readonly #vision: boolean;
  readonly #cache = new WeakMap<ChatMessage, Entry>();

  constructor(vision: boolean) {
    this.#vision = vision;
  }

  /** The JSON text of `messages` converted to OpenAI messages (`[…]`). */
  write(messages: readonly ChatMessage[]): string {
    const parts: string[] = [];
    let pendingImages: OpenAIContentPart[] = [];
    const flushImages = () => {
      if (pendingImages.length === 0) return;
      parts.push(JSON.stringify(imagesMessage(pendingImages)));
      pendingImages = [];
    };
    for (const message of messages) {
      if (message.role !== "tool") flushImages();
      const entry = this.#entry(message);
      parts.push(entry.json);
      if (entry.images.length > 0) pendingImages = [...pendingImages, ...entry.images];
    }
    flushImages();
    return `[${parts.join(",")}]`;
  }

  #entry(message: ChatMessage): Entry {
    const cached = this.#cache.get(message);
    if (cached && sameFields(message, cached)) return cached;
    const converted = toOpenAIMessage(message, this.#vision);
    const entry: Entry = {
      ...fieldsOf(message),
      json: JSON.stringify(converted.message),
      images: converted.images,
    };
    this.#cache.set(message, entry);
    return entry;
  }
}
