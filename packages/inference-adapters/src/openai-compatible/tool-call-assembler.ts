import type { ModelEvent, ToolCall } from "../types.js";

/** A `tool_calls[]` entry of a chat-completions delta, as servers really send them. */
export interface ToolCallDeltaChunk {
  index?: number;
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: string | null | Record<string, unknown> };
}

interface Slot {
  id: string | undefined;
  name: string;
  arguments: string;
}

/**
 * Assembles streamed tool calls by `index`. Handles every shape servers send: id and name
 * in the first chunk and arguments over many (OpenAI), all of it in one chunk (Ollama),
 * several calls interleaved, empty arguments (→ `"{}"`), a missing id (→ generated), a
 * missing index (→ position in the list), arguments sent as an object instead of JSON
 * text, and servers that reuse index 0 for each new call but give each its own id.
 */
export class ToolCallAssembler {
  readonly #slots = new Map<number, Slot>();

  /** Adds one delta entry and returns the live-display event for it. */
  add(
    chunk: ToolCallDeltaChunk,
    position: number,
  ): Extract<ModelEvent, { type: "tool-call-delta" }> {
    let index = typeof chunk.index === "number" ? chunk.index : position;
    const id = typeof chunk.id === "string" && chunk.id !== "" ? chunk.id : undefined;
    let slot = this.#slots.get(index);
    if (slot && id !== undefined && slot.id !== undefined && slot.id !== id && slot.name !== "") {
      // Same index, different id: a new call from a server that does not number them.
      index = Math.max(...this.#slots.keys()) + 1;
      slot = undefined;
    }
    if (!slot) {
      slot = { id: undefined, name: "", arguments: "" };
      this.#slots.set(index, slot);
    }
    if (id !== undefined) slot.id ??= id;
    const name = chunk.function?.name;
    if (typeof name === "string" && name !== "" && slot.name === "") slot.name = name;
    const raw = chunk.function?.arguments;
    const argumentsDelta =
      typeof raw === "string" ? raw : raw && typeof raw === "object" ? JSON.stringify(raw) : "";
    slot.arguments += argumentsDelta;
    return {
      type: "tool-call-delta",
      index,
      ...(id !== undefined ? { id } : {}),
      ...(typeof name === "string" && name !== "" ? { name } : {}),
      argumentsDelta,
    };
  }

  /** Number of calls seen so far. */
  get size(): number {
    return this.#slots.size;
  }

  /** The complete calls in index order; call once at the end of the stream. */
  finish(): ToolCall[] {
    return [...this.#slots.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, slot]) => ({
        id: slot.id ?? `call_${globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
        name: slot.name,
        arguments: slot.arguments.trim() === "" ? "{}" : slot.arguments,
      }));
  }
}
