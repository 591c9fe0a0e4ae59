import {
  type ApprovalMode,
  type ApproveToolCall,
  checkEditedArguments,
  needsApproval,
} from "@tinyloop/agent-loop";
import type { ToolDefinition } from "@tinyloop/registry";
import { shortArguments } from "./short-text.js";
import { plainStyle, type TextStyle } from "./text-style.js";
import { toolCallView } from "./tool-call-view.js";

/**
 * Asks a person one question (a terminal prompt, a chat message…); resolves the raw answer,
 * or undefined when nobody can answer or `signal` aborts (the turn was interrupted: the
 * question must not eat the next line). Used for tool approval, sampling approval and
 * elicitation forms alike.
 */
export type AskQuestion = (question: string, signal: AbortSignal) => Promise<string | undefined>;

/**
 * Lets the person change a call's arguments before it runs (an editor on the JSON, an inline
 * edit): given them as indented JSON, resolves the edited text, or undefined when the person
 * gave up (the question is asked again, nothing changed).
 */
export type EditArguments = (
  argumentsJson: string,
  signal: AbortSignal,
) => Promise<string | undefined>;

/** Options of {@link createApprover}. */
export interface ApproverOptions {
  /** The agent file's `approval` mode. */
  mode: ApprovalMode;
  /** Asks the person; undefined when nobody can answer (calls that need approval are denied). */
  ask: AskQuestion | undefined;
  /**
   * Shows the whole call (every argument, the diff of a file write) above the question.
   * Without it, that view starts the question text itself.
   */
  show?: (text: string) => void;
  /** Offers the `e` (edit) answer; without it the answer is not offered. */
  editArguments?: EditArguments;
  /** Marks up the call's view (the diff's colours). */
  style?: TextStyle;
  /**
   * How the person allows calls when nobody can answer, ending the denial the model reads
   * (a CLI names its flag). Default: {@link HOW_TO_ALLOW_TOOLS}.
   */
  howToAllow?: string;
}

/** What the denial of an unanswerable approval says by default: the agent file's own setting. */
export const HOW_TO_ALLOW_TOOLS = `set "approval": "never" in the agent file`;

/**
 * An agent-loop approval hook that asks a person through `ask`: `never` (or `--yes`) approves
 * everything; `ask` asks for tools whose annotations lack `readOnlyHint: true`; `always` asks
 * for every tool. Before asking, the person sees the whole call ({@link toolCallView}: every
 * argument, long values folded to their head and tail, the diff of a file write or edit)
 * unless its one-line `key=value` form already shows all of it. Answers: `y`, `n` (or
 * empty), `a` approves that tool for the rest of the session, `v` shows everything unfolded
 * and asks again, `e` (with `editArguments`) lets the person change the arguments, which are
 * checked against the tool's schema (a bad edit says why and asks again) and shown again
 * before they can be approved; any other answer is asked again, saying which are accepted.
 * Without a person to ask, calls are denied with a reason that says how to allow them.
 */
export function createApprover({
  mode,
  ask,
  show,
  editArguments,
  style = plainStyle,
  howToAllow = HOW_TO_ALLOW_TOOLS,
}: ApproverOptions): ApproveToolCall | undefined {
  if (mode === "never") return undefined;
  const always = new Set<string>();
  const choices = `[y]es / [n]o / [a]lways / [v]iew${editArguments ? " / [e]dit" : ""}`;
  const accepted = `y (yes), n (no), a (always), v (view)${editArguments ? " or e (edit)" : ""}`;
  return async (call, definition, { signal }) => {
    if (!needsApproval(mode, definition)) return true;
    if (always.has(call.name)) return true;
    if (!ask) {
      return {
        approved: false,
        reason: `not run: ${call.name} needs approval and nobody can answer here; ${howToAllow}`,
      };
    }
    let args = call.arguments;
    const edited = () => args !== call.arguments;
    const approved = () => (edited() ? { approved: true, arguments: args } : true);
    // The whole call (before the first question, after `v`, after an edit).
    const present = (full: boolean): string => {
      const view = toolCallView({ ...call, arguments: args }, definition, { style, full });
      const what = edited() ? `${call.name} with your edited arguments` : call.name;
      if (view.fitsOneLine && !full && !edited()) {
        return `allow ${call.name} ${shortArguments(args, 60)}? ${choices}: `;
      }
      const question = `allow ${what} (shown above)? ${choices}: `;
      if (show) {
        show(view.lines.join("\n"));
        return question;
      }
      return `${view.lines.join("\n")}\n${question}`;
    };
    let question = present(false);
    for (;;) {
      const answer = (await ask(question, signal))?.trim().toLowerCase();
      if (answer === undefined)
        return { approved: false, reason: "not run: the user gave no answer" };
      if (answer === "y" || answer === "yes") return approved();
      if (answer === "n" || answer === "no" || answer === "")
        return { approved: false, reason: "denied by the user" };
      if (answer === "a" || answer === "always") {
        always.add(call.name);
        return approved();
      }
      if (answer === "v" || answer === "view") {
        question = present(true);
        continue;
      }
      if (editArguments && (answer === "e" || answer === "edit")) {
        question = await edit(definition, signal);
        continue;
      }
      // Never re-ask silently: say what was not understood and what is.
      question = `${JSON.stringify(answer)} is not an answer; type ${accepted}: `;
    }

    async function edit(tool: ToolDefinition, editSignal: AbortSignal): Promise<string> {
      const pretty = JSON.stringify(JSON.parse(args || "{}"), null, 2);
      const text = await editArguments?.(pretty, editSignal);
      if (text === undefined || text.trim() === pretty.trim()) {
        return `arguments unchanged; allow ${edited() ? `${call.name} with your edited arguments` : call.name}? ${choices}: `;
      }
      const checked = checkEditedArguments(tool, text);
      if (!checked.ok) {
        return `${checked.message}\nEdit them again (e) to fix this, or answer y or n for the arguments shown before.\nallow ${call.name} as shown before? ${choices}: `;
      }
      args = checked.json;
      return present(false);
    }
  };
}
