import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { SamplingApproval } from "./caller-sampling-approval.js";

/** Options of {@link AgentServer.close}. */
export interface CloseOptions {
  /** How long in-flight requests may go on before they are stopped. Default 10 000 ms. */
  graceMs?: number;
  /**
   * Called once, as the grace starts, with the number of requests still running (not called
   * when none is): the moment to tell the operator what the server waits for.
   */
  onWaiting?: (inFlight: number) => void;
}

/** A running (or ready to run) agent server. */
export interface AgentServer {
  /** The key clients must send as `Authorization: Bearer`. */
  readonly apiKey: string;
  /** True when no key was given and {@link apiKey} was generated (print it for the user). */
  readonly apiKeyGenerated: boolean;
  /** `http://host:port` once listening. */
  readonly url: string | undefined;
  /** Chat completions running now. */
  readonly inFlight: number;
  /**
   * The chat page's link once listening, `http://host:port/#key=…`: the key rides in the
   * fragment, which browsers never send, and the page moves it to `sessionStorage`.
   */
  readonly chatPageUrl: string | undefined;
  /** Starts listening; resolves the URL. @throws AgentServerError `LISTEN_FAILED`. */
  listen(): Promise<string>;
  /**
   * Stops taking requests (new ones get 503), lets in-flight ones finish for up to
   * `graceMs`, stops the rest (their clients get a `server_shutdown` error), then closes
   * every connection. The model and the MCP servers are the caller's to close afterwards.
   * Calling it again with `graceMs: 0` ends a running grace at once.
   */
  close(options?: CloseOptions): Promise<void>;
  /**
   * Puts a question of the agent's own MCP servers (an elicitation form) to the `/mcp` client
   * whose call is running, tied to that call, and resolves its answer. `undefined` when nobody
   * can be asked: no `/mcp` endpoint (`mcp` unset), no call running, its client did not
   * declare `elicitation`, calls of several MCP sessions run at once, or a chat completion
   * runs (the question might be its run's, and its client cannot be asked). Wire it as the
   * `onElicit` of the agent's MCP servers.
   */
  askCaller(
    question: ElicitRequestFormParams,
    signal: AbortSignal,
  ): Promise<ElicitResult | undefined>;
  /**
   * Asks a form (`elicitation/create`, form mode) of the agent's own MCP server
   * `context.server`: when the one thing running is a streaming chat completion and
   * `approval.inPage` is set, in its page (an `elicitation_request` extension, answered at
   * `POST /tinyloop/v1/approvals/{id}`, the run ending first cancels it); else as
   * {@link AgentServer.askCaller}. `undefined` when nobody can be asked. Wire it as the
   * `onElicit` of the agent's MCP servers.
   */
  askElicitation(
    question: ElicitRequestFormParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<ElicitResult | undefined>;
  /**
   * Decides a sampling request of the agent's own MCP servers, which the agent's own model
   * answers (never a client's): approval mode `never` allows it; otherwise, when the one thing
   * running is a streaming chat completion and `approval.inPage` is set, its page is asked (a
   * `sampling_request` extension, answered at `POST /tinyloop/v1/approvals/{id}`); else the
   * `/mcp` client whose call runs is asked a yes/no form, under {@link AgentServer.askCaller}'s
   * rule (nobody while a chat completion or calls of several MCP sessions run); nobody to ask
   * refuses it, the server reading why and `samplingHint`. Wire it as the approval of the agent's MCP
   * servers' sampling (agent-session's `approveSampling`).
   */
  approveSampling(
    request: CreateMessageRequestParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<SamplingApproval>;
}
