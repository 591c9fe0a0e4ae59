/** One piece of a chat-completions delta, in the order the server wrote it. */
export type DeltaPiece = { type: "text"; text: string } | { type: "reasoning"; text: string };

/** The text of a `thinking` content part: a string, or a list of `{type:"text",text}` parts. */
function thinkingText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  return value
    .map((part) =>
      typeof part === "object" && part !== null && typeof part.text === "string" ? part.text : "",
    )
    .join("");
}

/**
 * The reasoning and answer text of one delta, in order. Servers name reasoning differently:
 * `reasoning_content` (DeepSeek, vLLM, llama.cpp's server, xAI, Moonshot), `reasoning`
 * (Groq with `reasoning_format: "parsed"`, Ollama, OpenRouter, Cerebras). Mistral's
 * Magistral and Mistral Small stream `content` as a list of parts where `thinking` parts
 * (their text in a nested list) and `text` parts may share one chunk: both are kept, in the
 * chunk's order. Reasoning fields come before the content of the same delta, as the model
 * wrote them. OpenRouter's `reasoning_details` repeat `reasoning`'s text and are read apart
 * (see `ReasoningDetailsAssembler`), so they add no piece here unless `reasoning` is absent.
 */
export function readDeltaContent(delta: Record<string, unknown>): DeltaPiece[] {
  const pieces: DeltaPiece[] = [];
  const reasoning =
    typeof delta.reasoning_content === "string"
      ? delta.reasoning_content
      : typeof delta.reasoning === "string"
        ? delta.reasoning
        : undefined;
  if (reasoning) pieces.push({ type: "reasoning", text: reasoning });
  else if (Array.isArray(delta.reasoning_details)) {
    for (const detail of delta.reasoning_details as Array<Record<string, unknown> | null>) {
      const text =
        detail?.type === "reasoning.text"
          ? detail.text
          : detail?.type === "reasoning.summary"
            ? detail.summary
            : undefined;
      if (typeof text === "string" && text !== "") pieces.push({ type: "reasoning", text });
    }
  }
  const content = delta.content;
  if (typeof content === "string") {
    if (content !== "") pieces.push({ type: "text", text: content });
  } else if (Array.isArray(content)) {
    for (const part of content as Array<Record<string, unknown> | null>) {
      if (typeof part !== "object" || part === null) continue;
      if (part.type === "thinking") {
        const text = thinkingText(part.thinking);
        if (text !== "") pieces.push({ type: "reasoning", text });
      } else if (part.type === "text" && typeof part.text === "string" && part.text !== "") {
        pieces.push({ type: "text", text: part.text });
      }
    }
  }
  return pieces;
}
