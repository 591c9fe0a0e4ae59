import type { ChatMessage, ToolChoice, ToolSpec } from "../types.js";

/**
 * `toolChoice` for a model that writes its calls as text, enforced as engines do for such
 * models: the tools it may call (none for `none`, only the named one for a named tool), a
 * sentence in the tools section saying a call is required, and — when an answer still has no
 * call — one retry with a short correction.
 */
export interface TextToolChoice {
  /** The tools written into the prompt and accepted from the answer. */
  offered: readonly ToolSpec[];
  /** Whether an answer without a call gets one retry (`required` or a named tool). */
  forced: boolean;
  /** The sentence added to the tools section; empty when nothing is forced. */
  instruction: string;
  /** The user turn that asks again after an answer without a call. */
  correction: string;
}

/** How `toolChoice` is enforced on text; a named tool that is not offered is a `TypeError` naming them. */
export function textToolChoice(
  choice: ToolChoice | undefined,
  tools: readonly ToolSpec[],
): TextToolChoice {
  if (choice === "none" || tools.length === 0) return unforced([]);
  if (choice === undefined || choice === "auto") return unforced(tools);
  const names = tools.map((tool) => `"${tool.name}"`).join(", ");
  if (choice === "required") {
    return {
      offered: tools,
      forced: true,
      instruction:
        "You must call at least one of these tools in this answer, written in the format above.",
      correction: `Your answer did not call a tool, and this step needs a tool call. Call one of the tools (${names}) now, written in the format the system message shows.`,
    };
  }
  const named = tools.find((tool) => tool.name === choice.name);
  if (!named) {
    throw new TypeError(
      `toolChoice: expected the name of an offered tool (${names}), got ${JSON.stringify(choice.name)} (example: { name: ${JSON.stringify(tools[0]!.name)} }, or "required")`,
    );
  }
  return {
    offered: [named],
    forced: true,
    instruction: `You must call the tool "${named.name}" in this answer, written in the format above.`,
    correction: `Your answer did not call "${named.name}", and this step needs that call. Call "${named.name}" now, written in the format the system message shows.`,
  };
}

/** The conversation for the retry: the answer that made no call, then the correction. */
export function retryMessages(
  messages: readonly ChatMessage[],
  answer: string,
  correction: string,
): ChatMessage[] {
  return [
    ...messages,
    { role: "assistant", content: answer },
    { role: "user", content: correction },
  ];
}

function unforced(offered: readonly ToolSpec[]): TextToolChoice {
  return { offered, forced: false, instruction: "", correction: "" };
}
