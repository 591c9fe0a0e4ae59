import type { ReasoningPart } from "../types.js";

interface Detail {
  type: "reasoning.text" | "reasoning.encrypted" | "reasoning.summary";
  text: string;
  signature?: string;
  data?: string;
  format?: string;
}

/**
 * Joins OpenRouter's streamed `reasoning_details` into complete parts. Each streamed item
 * carries an `index`; pieces of one index are concatenated (text, and a signature that
 * usually comes last). `reasoning.text` → a `thinking` part (with its signature when signed),
 * `reasoning.encrypted` → `redacted`, `reasoning.summary` → unsigned `thinking` (a summary
 * is for reading, never sent back). Items without an index each start a new part.
 */
export class ReasoningDetailsAssembler {
  readonly #details = new Map<number | string, Detail>();
  #unindexed = 0;

  /** Adds the `reasoning_details` list of one delta. */
  add(list: unknown): void {
    if (!Array.isArray(list)) return;
    for (const item of list as Array<Record<string, unknown> | null>) {
      if (typeof item !== "object" || item === null) continue;
      const type = item.type;
      if (
        type !== "reasoning.text" &&
        type !== "reasoning.encrypted" &&
        type !== "reasoning.summary"
      )
        continue;
      const key = typeof item.index === "number" ? item.index : `u${this.#unindexed++}`;
      let detail = this.#details.get(key);
      if (!detail) {
        detail = { type, text: "" };
        this.#details.set(key, detail);
      }
      const piece = type === "reasoning.summary" ? item.summary : item.text;
      if (typeof piece === "string") detail.text += piece;
      if (typeof item.signature === "string" && item.signature !== "")
        detail.signature = (detail.signature ?? "") + item.signature;
      if (typeof item.data === "string") detail.data = (detail.data ?? "") + item.data;
      if (typeof item.format === "string") detail.format = item.format;
    }
  }

  /** The complete parts, in index order; only those worth keeping (signed or encrypted). */
  finish(): ReasoningPart[] {
    const parts: ReasoningPart[] = [];
    for (const detail of this.#details.values()) {
      const format = detail.format ? { format: detail.format } : {};
      if (detail.type === "reasoning.encrypted" && detail.data) {
        parts.push({ type: "redacted", data: detail.data, ...format });
      } else if (detail.type === "reasoning.text" && detail.signature) {
        parts.push({
          type: "thinking",
          text: detail.text,
          signature: detail.signature,
          ...format,
        });
      }
    }
    return parts;
  }
}
