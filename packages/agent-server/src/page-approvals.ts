import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type ApprovalDecision,
  type ApproveToolCall,
  checkEditedArguments,
} from "@tinyloop/agent-loop";
import { expectedGot, oneOf } from "@tinyloop/errors";
import type { ToolCall } from "@tinyloop/inference-adapters";
import type { ToolDefinition } from "@tinyloop/registry";
import { ApiError } from "./api-error.js";
import { type FormDecision, isFormDecision, PageElicitations } from "./page-elicitations.js";
import type { ApprovalPolicy } from "./serve-approval.js";
import type {
  ApprovalRequestExtension,
  ElicitationRequestExtension,
  SamplingRequestExtension,
} from "./tinyloop-events.js";
import { waitingQuestion } from "./waiting-question.js";

/** The policy's `changeLines` of a call; a throw means there is nothing to show. */
function changeOf(
  policy: ApprovalPolicy,
  call: ToolCall,
  definition: ToolDefinition,
): string[] | undefined {
  try {
    const lines = policy.changeLines?.(call, definition);
    return lines && lines.length > 0 ? lines : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A person's answer in the chat page: run it, refuse it, run every call of that tool from now
 * on, or change its arguments first (the question then waits for one of the other three).
 */
export type PageDecision = "approve" | "deny" | "always" | "edit";

const DECISIONS: readonly PageDecision[] = ["approve", "deny", "always", "edit"];

/** What {@link PageApprovals.answer} gives back: the decision, and after an edit what now waits. */
export interface PageAnswer {
  id: string;
  /** A tool call's or sampling request's decision, or a form's (`accept`, `decline`, `cancel`). */
  decision: PageDecision | FormDecision;
  /** After `edit`: the arguments the question now asks about, as compact JSON text. */
  arguments?: string;
  /** After `edit`: what the edited call would change (see `approval.changeLines`), when known. */
  diff?: string[];
}

/** One question waiting in a page. */
interface Waiting {
  call: ToolCall;
  definition: ToolDefinition;
  policy: ApprovalPolicy;
  /** The arguments a yes runs: the model's, or the person's last good edit. */
  args: string;
  /** Answers the question (set once it is open). */
  settle: (decision: Exclude<PageDecision, "edit">) => void;
}

/** A 400 answer to the approvals endpoint. */
function invalid(code: string, message: string, param: string): ApiError {
  return new ApiError({ status: 400, type: "invalid_request_error", code, param, message });
}

/** The edited arguments of an `edit` answer as JSON text (a JSON object is taken as it is). */
function editedText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object" && !Array.isArray(value))
    return JSON.stringify(value);
  throw invalid(
    "invalid_value",
    expectedGot({
      path: "arguments",
      expected: "the call's arguments as JSON text or a JSON object",
      got: value,
      example: `{ "decision": "edit", "arguments": "{\\"path\\": \\"notes.txt\\"}" }`,
    }),
    "arguments",
  );
}

/**
 * Tool approvals asked in the chat page (`approval.inPage`): a call that needs approval is sent
 * to the page as an `approval_request` extension of its streaming answer, and runs once the
 * page answers `POST /tinyloop/v1/approvals/{id}`. `always` allows that tool for every later
 * call on this server (until it stops). `edit` changes the arguments the question asks about:
 * they are checked against the tool's input schema (a bad edit is a 400 naming what is wrong,
 * and the question keeps waiting with the arguments it had), answered with what would now run
 * and its diff, and run by a later `approve` or `always` (the model is told they changed). A
 * run that ends (the client left, Stop, shutdown) before an answer refuses its open questions.
 * A sampling request of the agent's MCP servers is asked the same way (`sampling_request`),
 * answered `approve` or `deny` only; a form (elicitation) of theirs as an `elicitation_request`,
 * answered `accept` with its content, `decline` or `cancel` (see `PageElicitations`).
 */
export class PageApprovals {
  readonly #pending = new Map<string, Waiting>();
  /** Sampling questions waiting: each settles with the person's yes or no. */
  readonly #sampling = new Map<string, (approve: boolean) => void>();
  readonly #always = new Set<string>();
  readonly #forms = new PageElicitations();

  /** The approve hook of one streaming run; `ask` sends the question into that run's stream. */
  hook(policy: ApprovalPolicy, ask: (request: ApprovalRequestExtension) => void): ApproveToolCall {
    return (call, definition, { signal }) => {
      if (policy.permits(definition) || this.#always.has(call.name)) return true;
      if (signal.aborted) return { approved: false, reason: "the run was stopped" };
      return this.#ask(call, definition, policy, signal, ask);
    };
  }

  /** Puts one call to the page and resolves the hook's answer once the page (or the run's end) decides. */
  async #ask(
    call: ToolCall,
    definition: ToolDefinition,
    policy: ApprovalPolicy,
    signal: AbortSignal,
    ask: (request: ApprovalRequestExtension) => void,
  ): Promise<ApprovalDecision> {
    const waiting: Waiting = { call, definition, policy, args: call.arguments, settle: () => {} };
    // The run ending first is a denial, as the page's Deny is.
    const decision = await waitingQuestion<Exclude<PageDecision, "edit">>(
      signal,
      "deny",
      (id, settle) => {
        waiting.settle = settle;
        this.#pending.set(id, waiting);
        const diff = changeOf(policy, call, definition);
        ask({
          type: "approval_request",
          id,
          tool_call_id: call.id,
          name: call.name,
          arguments: call.arguments,
          ...(diff ? { diff } : {}),
        });
      },
      (id) => this.#pending.delete(id),
    );
    if (decision === "always") this.#always.add(call.name);
    if (decision === "deny") {
      return {
        approved: false,
        reason: `the user denied ${call.name} in the chat page. Do not call it again for this; answer without it or ask the user.`,
      };
    }
    return waiting.args !== call.arguments ? { approved: true, arguments: waiting.args } : true;
  }

  /**
   * Asks a sampling request of the agent's MCP server `server` in a run's page (`ask` sends the
   * extension into that run's stream) and resolves the answer as an elicitation result: `accept`
   * with `approve: true` or `false`; `cancel` when `signal` ends first (the request or the run).
   */
  askSampling(
    question: ElicitRequestFormParams,
    { server, signal }: { server: string; signal: AbortSignal },
    ask: (request: SamplingRequestExtension) => void,
  ): Promise<ElicitResult> {
    return waitingQuestion<ElicitResult>(
      signal,
      { action: "cancel" },
      (id, settle) => {
        this.#sampling.set(id, (approve) => settle({ action: "accept", content: { approve } }));
        ask({ type: "sampling_request", id, server, message: question.message });
      },
      (id) => this.#sampling.delete(id),
    );
  }

  /**
   * Asks a form (`elicitation/create`, form mode) of the agent's MCP server `server` in a run's
   * page and resolves the person's answer; `cancel` when `signal` ends first (see
   * `PageElicitations.ask`).
   */
  askForm(
    question: ElicitRequestFormParams,
    context: { server: string; signal: AbortSignal },
    ask: (request: ElicitationRequestExtension) => void,
  ): Promise<ElicitResult> {
    return this.#forms.ask(question, context, ask);
  }

  /**
   * `POST /tinyloop/v1/approvals/{id}` with `{ "decision": "approve" | "deny" | "always" }`,
   * or `{ "decision": "edit", "arguments": "<JSON text>" }` (a JSON object is taken too); a
   * form's id with `{ "decision": "accept", "content": {…} }`, `decline` or `cancel`.
   * @throws ApiError 400 for another decision, `arguments` with another decision, or edited
   * arguments that are not JSON or do not meet the tool's input schema (the question keeps
   * waiting), and for a form's answer that does not fit it (see `PageElicitations.answer`); 404
   * for an id that is not waiting (answered, or its run ended).
   */
  answer(id: string, body: unknown): PageAnswer {
    if (this.#forms.has(id)) return this.#forms.answer(id, body);
    const fields = (body ?? {}) as { decision?: unknown; arguments?: unknown };
    const decision = fields.decision as PageDecision;
    // A form's word for an id that waits no more is answered like any other: 404 below.
    const formWord = isFormDecision(fields.decision);
    if (!DECISIONS.includes(decision) && !formWord) {
      throw invalid(
        "invalid_value",
        expectedGot({
          path: "decision",
          expected: oneOf(DECISIONS.map((d) => JSON.stringify(d))),
          gotText: JSON.stringify(fields.decision) ?? "nothing",
          example: `{ "decision": "approve" }`,
        }),
        "decision",
      );
    }
    if (decision !== "edit" && fields.arguments !== undefined) {
      throw invalid(
        "invalid_value",
        `arguments: only an "edit" answer carries arguments, got them with "${decision}" (send { "decision": "edit", "arguments": … } first, then { "decision": "approve" })`,
        "arguments",
      );
    }
    const sampling = this.#sampling.get(id);
    if (sampling) {
      if (decision !== "approve" && decision !== "deny") {
        throw invalid(
          "invalid_value",
          expectedGot({
            path: "decision",
            expected: `"approve" or "deny" (${id} is a sampling request, not a tool call)`,
            gotText: JSON.stringify(decision),
            example: `{ "decision": "approve" }`,
          }),
          "decision",
        );
      }
      sampling(decision === "approve");
      return { id, decision };
    }
    const waiting = this.#pending.get(id);
    if (!waiting) {
      throw new ApiError({
        status: 404,
        type: "not_found_error",
        code: "approval_not_found",
        message: `No tool call, sampling request or form waits for answer ${id}: it was answered already, or its run ended.`,
      });
    }
    if (formWord) {
      throw invalid(
        "invalid_value",
        expectedGot({
          path: "decision",
          expected: `${oneOf(DECISIONS.map((d) => JSON.stringify(d)))} (${id} is a tool call, not a form)`,
          gotText: JSON.stringify(decision),
          example: `{ "decision": "approve" }`,
        }),
        "decision",
      );
    }
    if (decision !== "edit") {
      waiting.settle(decision);
      return { id, decision };
    }
    return { id, decision, ...this.#edit(waiting, editedText(fields.arguments)) };
  }

  /** Checks an edit and, when it fits the tool, makes it what the question asks about. */
  #edit(waiting: Waiting, text: string): { arguments: string; diff?: string[] } {
    const checked = checkEditedArguments(waiting.definition, text);
    if (!checked.ok) {
      throw invalid(
        "invalid_arguments",
        `${checked.message}\nThe question still waits with the arguments it had: fix them and send the edit again, or answer for those.`,
        "arguments",
      );
    }
    waiting.args = checked.json;
    const diff = changeOf(
      waiting.policy,
      { ...waiting.call, arguments: checked.json },
      waiting.definition,
    );
    return { arguments: checked.json, ...(diff ? { diff } : {}) };
  }
}
