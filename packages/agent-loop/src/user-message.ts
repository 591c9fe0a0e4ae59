import { describeValue } from "@tinyloop/errors";
import type { ChatMessage, UserPart } from "@tinyloop/inference-adapters";
import { AgentError } from "./agent-error.js";

/** What a user can send: text, or a list of text and image parts. */
export type AgentInput = string | UserPart[];

function invalid(message: string): AgentError {
  return new AgentError({ code: "INPUT_INVALID", message: `agent.run(input): ${message}` });
}

/** Checks `input` and turns it into a user message; throws `AgentError` `INPUT_INVALID`. */
export function toUserMessage(input: AgentInput): ChatMessage {
  if (typeof input === "string") return { role: "user", content: input };
  if (!Array.isArray(input)) {
    throw invalid(
      `expected text or a list of parts, got ${describeValue(input)} (example: "List the files" or [{ type: "text", text: "What is in this picture?" }, { type: "image", data: "<base64>", mimeType: "image/png" }])`,
    );
  }
  if (input.length === 0)
    throw invalid(
      'expected at least one part, got an empty list (example: [{ type: "text", text: "Hi" }])',
    );
  input.forEach((part, index) => {
    const at = `input[${index}]`;
    if (part?.type === "text") {
      if (typeof part.text !== "string")
        throw invalid(`${at}.text: expected a string, got ${describeValue(part.text)}`);
      return;
    }
    if (part?.type === "image") {
      if (typeof part.data !== "string" || typeof part.mimeType !== "string") {
        throw invalid(
          `${at}: an image part needs data (base64 text) and mimeType (example: { type: "image", data: "iVBOR…", mimeType: "image/png" })`,
        );
      }
      return;
    }
    throw invalid(
      `${at}.type: expected "text" or "image", got ${describeValue((part as { type?: unknown } | null)?.type)}`,
    );
  });
  return { role: "user", content: input.map((part) => ({ ...part })) };
}
