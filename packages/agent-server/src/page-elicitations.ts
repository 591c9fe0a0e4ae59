import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { expectedGot, oneOf } from "@tinyloop/errors";
import { badRequest } from "./api-error.js";
import { checkElicitationContent } from "./elicitation-content.js";
import type { ElicitationRequestExtension } from "./tinyloop-events.js";
import { waitingQuestion } from "./waiting-question.js";

/** A person's answer to a form in the chat page: fill it in, refuse it, or dismiss it. */
export type FormDecision = "accept" | "decline" | "cancel";

const FORM_DECISIONS: readonly FormDecision[] = ["accept", "decline", "cancel"];

/** True for a form's answer word (`accept`, `decline`, `cancel`). */
export function isFormDecision(value: unknown): value is FormDecision {
  return FORM_DECISIONS.includes(value as FormDecision);
}

/** One form waiting in a page. */
interface WaitingForm {
  schema: ElicitRequestFormParams["requestedSchema"];
  settle: (result: ElicitResult) => void;
}

/** The `content` of an `accept` answer: a JSON object, or a 400 saying so. */
function contentOf(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === "object" && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw badRequest(
    "content",
    expectedGot({
      path: "content",
      expected: "the form's fields as a JSON object",
      got: value,
      example: `{ "decision": "accept", "content": { "name": "Ada" } }`,
    }),
    "invalid_value",
  );
}

/**
 * Form elicitations of the agent's MCP servers asked in a chat page (`approval.inPage`): the
 * form goes into the stream of the run that is the only one as an `elicitation_request`
 * extension, and waits for `POST /tinyloop/v1/approvals/{id}` with `accept` (and `content`),
 * `decline` or `cancel`. Accepted content is checked against the form's schema first: a bad one
 * is a 400 naming each problem and the form keeps waiting. A run that ends first cancels it.
 */
export class PageElicitations {
  readonly #waiting = new Map<string, WaitingForm>();

  /**
   * Asks `question` of the agent's MCP server `server` in a run's page (`ask` sends the
   * extension into that run's stream) and resolves the person's answer; `cancel` when `signal`
   * ends first (the request or the run).
   */
  ask(
    question: ElicitRequestFormParams,
    { server, signal }: { server: string; signal: AbortSignal },
    ask: (request: ElicitationRequestExtension) => void,
  ): Promise<ElicitResult> {
    return waitingQuestion<ElicitResult>(
      signal,
      { action: "cancel" },
      (id, settle) => {
        this.#waiting.set(id, { schema: question.requestedSchema, settle });
        ask({
          type: "elicitation_request",
          id,
          server,
          message: question.message,
          requested_schema: question.requestedSchema,
        });
      },
      (id) => this.#waiting.delete(id),
    );
  }

  /** True when form `id` waits for an answer. */
  has(id: string): boolean {
    return this.#waiting.has(id);
  }

  /**
   * Answers form `id` with `{ "decision": "accept", "content": {…} }`, `decline` or `cancel`.
   * @throws ApiError 400 for another decision, `content` missing from an accept or sent with
   * another decision, or content that does not meet the form's schema (the form keeps waiting).
   */
  answer(id: string, body: unknown): { id: string; decision: FormDecision } {
    const waiting = this.#waiting.get(id);
    if (!waiting) throw new Error(`no form ${id} waits`);
    const fields = (body ?? {}) as { decision?: unknown; content?: unknown };
    const decision = fields.decision as FormDecision;
    if (!isFormDecision(decision)) {
      throw badRequest(
        "decision",
        expectedGot({
          path: "decision",
          expected: `${oneOf(FORM_DECISIONS.map((d) => JSON.stringify(d)))} (${id} is a form of an MCP server, not a tool call)`,
          gotText: JSON.stringify(fields.decision) ?? "nothing",
          example: `{ "decision": "accept", "content": { "name": "Ada" } }`,
        }),
        "invalid_value",
      );
    }
    if (decision !== "accept") {
      if (fields.content !== undefined) {
        throw badRequest(
          "content",
          `content: only an "accept" answer carries content, got it with "${decision}"`,
          "invalid_value",
        );
      }
      waiting.settle({ action: decision });
      return { id, decision };
    }
    const content = contentOf(fields.content);
    const checked = checkElicitationContent(waiting.schema, content);
    if (!checked.ok) {
      throw badRequest(
        "content",
        `content: the answer does not fit the form:\n${checked.problems.map((p) => `- ${p}`).join("\n")}\nThe form still waits: fix the fields and send it again, or decline or cancel it.`,
        "invalid_content",
      );
    }
    waiting.settle({ action: "accept", content: content as ElicitResult["content"] });
    return { id, decision };
  }
}
