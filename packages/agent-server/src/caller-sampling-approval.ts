import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalMode } from "./serve-approval.js";

/** Whether a sampling request may use the agent's model: `true`, or no with the reason the server is told. */
export type SamplingApproval = true | { approved: false; reason: string };

/** Longest part of the request's last message shown in the question. */
const MAX_SHOWN = 200;

function lastText(request: CreateMessageRequestParams): string {
  const last = request.messages.at(-1)?.content;
  const text = last && !Array.isArray(last) && last.type === "text" ? last.text : "";
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
}

/** A person's answer to a sampling question, and who was asked (named in a refusal). */
export interface SamplingAnswer {
  result: ElicitResult;
  /** Who answered, as the server reads it: `the user of the MCP client`. */
  asked: string;
}

/** An MCP client's answer (an `elicitation/create` result) as a {@link SamplingAnswer}. */
export function fromMcpClient(result: ElicitResult | undefined): SamplingAnswer | undefined {
  return result && { result, asked: "the user of the MCP client" };
}

/**
 * Decides a sampling request of one of the agent's own MCP servers, which is always answered
 * with the agent's own model: mode `never` approves it; otherwise the person behind the
 * running call is asked with a yes/no form (`ask`: the MCP client, see
 * `AgentMcpServer.askCaller`, or the chat page) and only `accept` with `approve: true`
 * approves it; with nobody to ask it is refused, and the server reads why and `hint` (how the
 * operator allows it).
 */
export async function approveSamplingThroughCaller(
  request: CreateMessageRequestParams,
  context: { server: string; signal: AbortSignal },
  settings: {
    mode: ApprovalMode;
    hint?: string | undefined;
    ask: (
      question: ElicitRequestFormParams,
      signal: AbortSignal,
    ) => Promise<SamplingAnswer | undefined>;
  },
): Promise<SamplingApproval> {
  if (settings.mode === "never") return true;
  const answer = await settings.ask(
    {
      message: `The agent's MCP server ${context.server} asks to use the agent's model (up to ${request.maxTokens} tokens): "${lastText(request)}". Allow this request?`,
      requestedSchema: {
        type: "object",
        properties: {
          approve: {
            type: "boolean",
            title: `Allow ${context.server} to use the model`,
            description: "true answers this one request with the agent's model; false refuses it",
            default: false,
          },
        },
        required: ["approve"],
      },
    },
    context.signal,
  );
  if (answer === undefined) {
    const hint = settings.hint ? `; ${settings.hint}` : "";
    return {
      approved: false,
      reason: `sampling needs approval, and the client that called the agent cannot be asked${hint}`,
    };
  }
  const { result, asked } = answer;
  if (result.action === "accept" && result.content?.approve === true) return true;
  return { approved: false, reason: `${asked} declined the sampling request` };
}
