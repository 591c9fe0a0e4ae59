import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { AgentMcpServer } from "./agent-mcp-server.js";
import type { AgentServer } from "./agent-server.js";
import type { SamplingApproval } from "./caller-sampling-approval.js";

/** Which MCP server of the agent asks, and the signal that ends its request. */
type AskContext = { server: string; signal: AbortSignal };

/** The answerers {@link servingQuestions} returns, for the session that opens the agent's servers. */
export interface ServingQuestions {
  /** Approves (or refuses) a server's sampling request; the agent's own model answers it. */
  approveSampling: (
    request: Parameters<AgentServer["approveSampling"]>[0],
    context: AskContext,
  ) => Promise<SamplingApproval> | SamplingApproval;
  /** Puts a server's form to whoever can answer it; declined when nobody can. Absent without `forms`. */
  onElicit?: (question: ElicitRequestFormParams, context: AskContext) => Promise<ElicitResult>;
}

/**
 * Who answers the agent's own MCP servers' questions while the agent is served: the server
 * (`createAgentServer`'s or `createAgentMcpServer`'s), which is made only once the session
 * that starts those servers is open, so `server()` returns it once it exists. Sampling goes
 * to `server.approveSampling`; forms, when `forms` is set, to `server.askElicitation`
 * (declined when nobody can be asked). Before the server exists nobody can ask: sampling is
 * refused ("the agent is not serving yet"), forms declined. Without `forms` the servers are
 * not offered elicitation at all (a `createAgentServer` with neither `mcp` nor
 * `approval.inPage` has nobody to ask).
 *
 * ```ts
 * let server: AgentServer | undefined;
 * const session = await starting.open({ ...servingQuestions(() => server, { forms: true }) });
 * server = createAgentServer({ ...settings, model: session.model, registry: session.registry, mcp: true });
 * ```
 */
export function servingQuestions(
  server: () =>
    | Pick<AgentServer | AgentMcpServer, "approveSampling" | "askElicitation">
    | undefined,
  { forms }: { forms: boolean },
): ServingQuestions {
  return {
    approveSampling: (request, context) =>
      server()?.approveSampling(request, context) ?? {
        approved: false,
        reason: "the agent is not serving yet",
      },
    ...(forms
      ? {
          onElicit: async (question, context) =>
            (await server()?.askElicitation(question, context)) ?? { action: "decline" },
        }
      : {}),
  };
}
