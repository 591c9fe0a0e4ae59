import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type {
  ElicitRequestFormParams,
  ElicitResult,
  RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/** A call of the agent's tool that is running now, and the connection it came in on. */
interface RunningCall {
  server: Server;
  requestId: RequestId;
}

/**
 * The calls of an agent MCP server that are running now, so that a question of the agent's
 * own MCP servers (an elicitation form) can be put to the client that is waiting for the
 * answer. The agent's MCP servers are shared by every call and their questions do not say
 * which call they belong to, so a question is forwarded only when every running call came
 * from one connection: with calls of several clients at once (Streamable HTTP sessions), no
 * client is asked and none sees another's question.
 */
export class RunningCalls {
  readonly #calls = new Set<RunningCall>();

  /** Calls running now. */
  get size(): number {
    return this.#calls.size;
  }

  /** Counts a call as running until the returned function is called. */
  track(server: Server, requestId: RequestId): () => void {
    const call = { server, requestId };
    this.#calls.add(call);
    return () => this.#calls.delete(call);
  }

  /** The running call whose client would be asked, if one can be (see the class). */
  #askable(): RunningCall | undefined {
    const servers = new Set([...this.#calls].map((call) => call.server));
    if (servers.size !== 1) return undefined;
    const [server] = servers;
    if (server?.getClientCapabilities()?.elicitation === undefined) return undefined;
    return [...this.#calls].at(-1);
  }

  /**
   * Puts a form to the client of the running call (`elicitation/create`, tied to that call)
   * and resolves its answer; `undefined` when no client can be asked (no call is running,
   * its client did not declare elicitation, or calls of several clients are running).
   */
  async ask(
    question: ElicitRequestFormParams,
    signal: AbortSignal,
  ): Promise<ElicitResult | undefined> {
    const call = this.#askable();
    if (!call) return undefined;
    return call.server.elicitInput(question, { relatedRequestId: call.requestId, signal });
  }
}
