import { randomUUID } from "node:crypto";
import type { ApproveToolCall } from "@tinyloop/agent-loop";
import { ApiError } from "./api-error.js";
import type { ApprovalPolicy } from "./serve-approval.js";
import type { ApprovalRequestExtension } from "./tinyloop-events.js";

/** The policy's `changeLines` of a call; a throw means there is nothing to show. */
function changeOf(
  policy: ApprovalPolicy,
  call: Parameters<ApproveToolCall>[0],
  definition: Parameters<ApproveToolCall>[1],
): string[] | undefined {
  try {
    return policy.changeLines?.(call, definition);
  } catch {
    return undefined;
  }
}

/** A person's answer in the chat page: run it, refuse it, or run every call of that tool from now on. */
export type PageDecision = "approve" | "deny" | "always";

const DECISIONS: readonly PageDecision[] = ["approve", "deny", "always"];

/**
 * Tool approvals asked in the chat page (`approval.inPage`): a call that needs approval is sent
 * to the page as an `approval_request` extension of its streaming answer, and runs once the
 * page answers `POST /tinyloop/v1/approvals/{id}`. `always` allows that tool for every later
 * call on this server (until it stops). A run that ends (the client left, Stop, shutdown)
 * before an answer refuses its open questions.
 */
export class PageApprovals {
  readonly #pending = new Map<string, (decision: PageDecision) => void>();
  readonly #always = new Set<string>();

  /** The approve hook of one streaming run; `ask` sends the question into that run's stream. */
  hook(policy: ApprovalPolicy, ask: (request: ApprovalRequestExtension) => void): ApproveToolCall {
    return (call, definition, { signal }) => {
      if (policy.permits(definition) || this.#always.has(call.name)) return true;
      if (signal.aborted) return { approved: false, reason: "the run was stopped" };
      const id = randomUUID();
      return new Promise((resolve) => {
        const settle = (decision: PageDecision) => {
          this.#pending.delete(id);
          signal.removeEventListener("abort", onAbort);
          if (decision === "always") this.#always.add(call.name);
          resolve(
            decision === "deny"
              ? {
                  approved: false,
                  reason: `the user denied ${call.name} in the chat page. Do not call it again for this; answer without it or ask the user.`,
                }
              : true,
          );
        };
        const onAbort = () => settle("deny");
        signal.addEventListener("abort", onAbort, { once: true });
        this.#pending.set(id, settle);
        const diff = changeOf(policy, call, definition);
        ask({
          type: "approval_request",
          id,
          tool_call_id: call.id,
          name: call.name,
          arguments: call.arguments,
          ...(diff && diff.length > 0 ? { diff } : {}),
        });
      });
    };
  }

  /**
   * `POST /tinyloop/v1/approvals/{id}` with `{ "decision": "approve" | "deny" | "always" }`.
   * @throws ApiError 400 for another decision, 404 for an id that is not waiting (answered,
   * or its run ended).
   */
  answer(id: string, body: unknown): { id: string; decision: PageDecision } {
    const decision = (body as { decision?: unknown } | null)?.decision;
    if (!DECISIONS.includes(decision as PageDecision)) {
      throw new ApiError({
        status: 400,
        type: "invalid_request_error",
        code: "invalid_value",
        message: `decision: expected "approve", "deny" or "always", got ${JSON.stringify(decision) ?? "nothing"} (example: { "decision": "approve" })`,
      });
    }
    const settle = this.#pending.get(id);
    if (!settle) {
      throw new ApiError({
        status: 404,
        type: "not_found_error",
        code: "approval_not_found",
        message: `No tool call waits for approval ${id}: it was answered already, or its answer ended.`,
      });
    }
    settle(decision as PageDecision);
    return { id, decision: decision as PageDecision };
  }
}
