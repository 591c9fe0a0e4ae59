import type { ApprovalMode } from "@tinyloop/agent-files";
import type { ApproveToolCall } from "@tinyloop/agent-loop";
import { shortArguments } from "./short-text.js";

/**
 * Asks a person one question (a terminal prompt, a chat message…); resolves the raw answer,
 * or undefined when nobody can answer or `signal` aborts (the turn was interrupted: the
 * question must not eat the next line). Used for tool approval, sampling approval and
 * elicitation forms alike.
 */
export type AskQuestion = (question: string, signal: AbortSignal) => Promise<string | undefined>;

const HOW_TO_ALLOW = `run with --yes, or set "approval": "never" in the agent file`;

/**
 * An agent-loop approval hook that asks a person through `ask`: `never` (or `--yes`) approves everything; `ask` asks for tools
 * whose annotations lack `readOnlyHint: true`; `always` asks for every tool. `a` approves
 * that tool for the rest of the session; an empty answer means no; any other answer is
 * asked again, saying which answers are accepted. Without a person to ask, calls are denied
 * with a reason that says how to allow them.
 */
export function createApprover({
  mode,
  ask,
}: {
  mode: ApprovalMode;
  ask: AskQuestion | undefined;
}): ApproveToolCall | undefined {
  if (mode === "never") return undefined;
  const always = new Set<string>();
  return async (call, definition, { signal }) => {
    if (mode === "ask" && definition.annotations?.readOnlyHint === true) return true;
    if (always.has(call.name)) return true;
    if (!ask) {
      return {
        approved: false,
        reason: `not run: ${call.name} needs approval and nobody can answer here; ${HOW_TO_ALLOW}`,
      };
    }
    let question = `allow ${call.name} ${shortArguments(call.arguments, 60)}? [y]es / [n]o / [a]lways: `;
    for (;;) {
      const answer = (await ask(question, signal))?.trim().toLowerCase();
      if (answer === undefined)
        return { approved: false, reason: "not run: the user gave no answer" };
      if (answer === "y" || answer === "yes") return true;
      if (answer === "n" || answer === "no" || answer === "")
        return { approved: false, reason: "denied by the user" };
      if (answer === "a" || answer === "always") {
        always.add(call.name);
        return true;
      }
      // Never re-ask silently: say what was not understood and what is.
      question = `${JSON.stringify(answer)} is not an answer; type y (yes), n (no) or a (always): `;
    }
  };
}
