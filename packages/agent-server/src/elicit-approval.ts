import type { ApproveToolCall } from "@tinyloop/agent-loop";
import type { ApprovalPolicy } from "./serve-approval.js";

/** What the approval question asks the MCP client (`elicitation/create`, form mode). */
export interface ApprovalQuestion {
  message: string;
  requestedSchema: {
    type: "object";
    properties: {
      approve: { type: "boolean"; title: string; description: string; default: boolean };
    };
    required: ["approve"];
  };
}

/** The client's answer to an {@link ApprovalQuestion} (MCP's `ElicitResult`). */
export interface ApprovalAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/** Longest arguments text shown in the question. */
const MAX_ARGUMENTS_SHOWN = 500;

/**
 * The approve hook of a run whose MCP client can answer elicitations: a call the policy
 * would refuse is put to the client as a yes/no form (`approve: boolean`), and runs only on
 * `accept` with `approve: true`. Declining, cancelling or a failed question refuse it, and the
 * model reads why. Calls the policy permits (read-only tools in mode `ask`, the allow-list)
 * are not asked about; mode `never` asks nothing.
 */
export function elicitingApprove(
  policy: ApprovalPolicy,
  ask: (question: ApprovalQuestion, signal: AbortSignal) => Promise<ApprovalAnswer>,
): ApproveToolCall | undefined {
  if (policy.mode === "never") return undefined;
  return async (call, definition, { signal }) => {
    if (policy.permits(definition)) return true;
    const shown =
      call.arguments.length > MAX_ARGUMENTS_SHOWN
        ? `${call.arguments.slice(0, MAX_ARGUMENTS_SHOWN)}…`
        : call.arguments;
    let answer: ApprovalAnswer;
    try {
      answer = await ask(
        {
          message: `The agent wants to call the tool ${call.name} with the arguments ${shown}. Allow this call?`,
          requestedSchema: {
            type: "object",
            properties: {
              approve: {
                type: "boolean",
                title: `Allow ${call.name}`,
                description: "true runs this one call; false refuses it",
                default: false,
              },
            },
            required: ["approve"],
          },
        },
        signal,
      );
    } catch (error) {
      return {
        approved: false,
        reason: `${call.name} needs approval, and asking the MCP client for it failed (${(error as Error)?.message ?? String(error)}), so the call was refused. Answer without it or tell the user what is missing.`,
      };
    }
    if (answer.action === "accept" && answer.content?.approve === true) return true;
    const how =
      answer.action === "accept"
        ? "answered no"
        : answer.action === "decline"
          ? "declined"
          : "cancelled the question";
    return {
      approved: false,
      reason: `the user of the MCP client ${how} when asked to allow ${call.name}. Do not call it again for this task; answer without it or say what is missing.`,
    };
  };
}
