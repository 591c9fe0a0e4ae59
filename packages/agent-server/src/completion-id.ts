import { randomBytes } from "node:crypto";

/** Identity shared by every chunk of one completion. */
export interface CompletionIdentity {
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
}

/** A fresh `chatcmpl-…` identity for a completion answered as `model`. */
export function newCompletion(model: string): CompletionIdentity {
  return {
    id: `chatcmpl-${randomBytes(12).toString("hex")}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
}
