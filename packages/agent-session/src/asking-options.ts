import { type ApprovalMode, type ApproveToolCall, toolNameMatcher } from "@tinyloop/agent-loop";
import { type ApproverOptions, type AskQuestion, createApprover } from "./ask-approval.js";
import { askElicitation } from "./ask-elicitation.js";
import { askSamplingApproval } from "./ask-sampling.js";
import type { AgentSessionOptions } from "./open-agent-session.js";

/** Options of {@link askingOptions}. */
export interface AskingOptionsSettings {
  /** The agent file's `approval` (default `ask`: tools without `readOnlyHint` are asked). */
  approval?: ApprovalMode | undefined;
  /**
   * Run every tool call and sampling request without asking (`--yes`). A server's form
   * is still asked: its answers are ones only a person has.
   */
  yes?: boolean | undefined;
  /**
   * Registered tool names that run without asking; `*` matches any characters
   * (agent-loop's `toolNameMatcher`, the rule of every approval allow-list).
   */
  allow?: readonly string[] | undefined;
  /** How a tool call is shown before its approval question (see {@link createApprover}). */
  show?: ApproverOptions["show"];
  /** Offers the `e` (edit) answer to an approval (see {@link createApprover}). */
  editArguments?: ApproverOptions["editArguments"];
  /** Marks up the call's view (the diff's colours). */
  style?: ApproverOptions["style"];
  /**
   * How the person allows tool calls and sampling when nobody can answer, ending the
   * denials the model reads; the caller names its own settings (a CLI its flag).
   * Default: the agent file's `"approval": "never"` for tools, nothing for sampling.
   */
  howToAllow?: { tools?: string; sampling?: string } | undefined;
}

/** What {@link askingOptions} gives `openAgentSession`. */
export type AskingSessionOptions = Pick<
  AgentSessionOptions,
  "approve" | "onElicit" | "approveSampling"
>;

/**
 * The `openAgentSession` options that ask a person, all through one {@link AskQuestion}
 * (a terminal prompt, a chat message…): tool approval ({@link createApprover} in the
 * file's mode), a server's form ({@link askElicitation}) and a server's sampling request
 * ({@link askSamplingApproval}). With `ask` undefined nobody can answer: calls that need
 * approval are denied saying how to allow them, forms are declined and sampling refused.
 * The `ask` may change while the session runs (e.g. a REPL's prompt once it exists):
 * pass a function that forwards to the current one.
 *
 * @example
 * const session = await openAgentSession({
 *   agent: file,
 *   model,
 *   ...askingOptions(ask, { approval: file.approval, yes: flags.yes }),
 * });
 */
export function askingOptions(
  ask: AskQuestion | undefined,
  {
    approval = "ask",
    yes = false,
    allow = [],
    show,
    editArguments,
    style,
    howToAllow = {},
  }: AskingOptionsSettings = {},
): AskingSessionOptions {
  const asked = yes
    ? undefined
    : createApprover({
        mode: approval,
        ask,
        ...(show ? { show } : {}),
        ...(editArguments ? { editArguments } : {}),
        ...(style ? { style } : {}),
        ...(howToAllow.tools ? { howToAllow: howToAllow.tools } : {}),
      });
  const allowed = toolNameMatcher(allow);
  const approve: ApproveToolCall | undefined =
    asked && allow.length > 0
      ? (call, definition, context) => allowed(call.name) || asked(call, definition, context)
      : asked;
  return {
    // Tools a server's entry lists in `autoApprove` run without asking either way.
    ...(approve ? { approve } : {}),
    onElicit: (request, { server, signal }) => askElicitation(server, request, ask, signal),
    approveSampling: yes
      ? () => true
      : askSamplingApproval(ask, howToAllow.sampling ? { howToAllow: howToAllow.sampling } : {}),
  };
}
