import type { ToolAnnotations } from "@tinyloop/registry";

/**
 * Which tool calls need a person's yes: `ask`, every tool but the read-only ones (annotated
 * `readOnlyHint: true`); `always`, every tool; `never`, none. The one declaration of the
 * mode: agent-session's terminal approver and agent-server's unattended policy both use it.
 */
export type ApprovalMode = "ask" | "always" | "never";

/**
 * True when a call of a tool with these annotations needs a person's yes under `mode`,
 * before any allow-list: the one place "ask unless read-only" is written.
 *
 * @example needsApproval("ask", { annotations: { readOnlyHint: true } }) // false
 */
export function needsApproval(
  mode: ApprovalMode,
  definition: { annotations?: Pick<ToolAnnotations, "readOnlyHint"> | undefined },
): boolean {
  if (mode === "never") return false;
  if (mode === "always") return true;
  return definition.annotations?.readOnlyHint !== true;
}
