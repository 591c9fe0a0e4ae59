import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { createAgentMcpServer } from "./agent-mcp-server.js";
import type { AgentServer, CloseOptions } from "./agent-server.js";
import { ApiError, sendApiError } from "./api-error.js";
import { hasBearer, requireBearer } from "./bearer-auth.js";
import {
  approveSamplingThroughCaller,
  fromMcpClient,
  type SamplingAnswer,
  type SamplingApproval,
} from "./caller-sampling-approval.js";
import { ChatPage } from "./chat-page.js";
import { handleChatCompletion, type InFlight } from "./handle-chat-completion.js";
import { listenOn } from "./listen-check.js";
import { McpEndpoint } from "./mcp-endpoint.js";
import { PageApprovals } from "./page-approvals.js";
import { readJsonBody } from "./read-json-body.js";
import { SHUTDOWN_REASON } from "./run-completion.js";
import { sendJson } from "./send-json.js";
import { ApprovalPolicy } from "./serve-approval.js";
import { healthBody, modelsBody, toolsBody } from "./server-info.js";
import {
  type AgentServerOptions,
  type ResolvedServerOptions,
  resolveServerOptions,
} from "./server-options.js";
import { approvalIdOf, checkRoute } from "./server-routes.js";

/** The `AgentServer` on `node:http`: one request handler over the routes, the runs in flight and the drain. */
class HttpAgentServer implements AgentServer {
  readonly #options: ResolvedServerOptions;
  readonly #approval: ApprovalPolicy;
  readonly #pageApprovals = new PageApprovals();
  readonly #page: ChatPage | undefined;
  readonly #mcp: McpEndpoint | undefined;
  readonly #server: Server;
  readonly #runs = new Set<InFlight>();
  readonly #startedAt = Date.now();
  #url: string | undefined;
  #draining = false;
  #closing: Promise<void> | undefined;
  #idle: (() => void) | undefined;
  #endGrace: (() => void) | undefined;

  constructor(options: AgentServerOptions) {
    this.#options = resolveServerOptions(options);
    this.#approval = new ApprovalPolicy(this.#options.approval);
    this.#page = this.#options.chatPage ? new ChatPage() : undefined;
    this.#mcp = this.#mcpEndpoint();
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  #mcpEndpoint(): McpEndpoint | undefined {
    const { mcp } = this.#options;
    if (!mcp) return undefined;
    const names = mcp === true ? {} : mcp;
    return new McpEndpoint(
      createAgentMcpServer({
        ...this.#options,
        agentName: names.agentName ?? this.#options.modelName,
        ...(names.toolName === undefined ? {} : { toolName: names.toolName }),
        ...(names.description === undefined ? {} : { description: names.description }),
        ...(names.version === undefined ? {} : { version: names.version }),
      }),
    );
  }

  get apiKey(): string {
    return this.#options.apiKey;
  }

  get apiKeyGenerated(): boolean {
    return this.#options.apiKeyGenerated;
  }

  get url(): string | undefined {
    return this.#url;
  }

  get inFlight(): number {
    return this.#runs.size;
  }

  async askCaller(
    question: ElicitRequestFormParams,
    signal: AbortSignal,
  ): Promise<ElicitResult | undefined> {
    // The servers are shared with the chat completions: while one runs, whose question this
    // is cannot be told, so no /mcp client sees it (the same rule as several MCP sessions).
    if (!this.#mcp || this.#runs.size > 0) return undefined;
    return this.#mcp.askCaller(question, signal);
  }

  askElicitation(
    question: ElicitRequestFormParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<ElicitResult | undefined> {
    const page = this.#onlyPageRun();
    if (!page?.side) return this.askCaller(question, context.signal);
    const side = page.side;
    return this.#pageApprovals.askForm(
      question,
      {
        server: context.server,
        signal: AbortSignal.any([context.signal, page.controller.signal]),
      },
      (extension) => side.push(extension),
    );
  }

  approveSampling(
    request: CreateMessageRequestParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<SamplingApproval> {
    return approveSamplingThroughCaller(request, context, {
      mode: this.#approval.mode,
      hint: this.#options.samplingHint,
      ask: async (question, signal): Promise<SamplingAnswer | undefined> => {
        const page = this.#onlyPageRun();
        if (!page?.side) return fromMcpClient(await this.askCaller(question, signal));
        const side = page.side;
        const result = await this.#pageApprovals.askSampling(
          question,
          { server: context.server, signal: AbortSignal.any([signal, page.controller.signal]) },
          (extension) => side.push(extension),
        );
        return { result, asked: "the user in the chat page" };
      },
    });
  }

  /**
   * The run whose page a question of the agent's MCP servers (a sampling request, a form) is
   * asked in: the one thing running is a streaming chat completion with in-page approval (with
   * more, whose run caused it cannot be told).
   */
  #onlyPageRun(): InFlight | undefined {
    if (this.#runs.size !== 1 || (this.#mcp?.runningCalls ?? 0) > 0) return undefined;
    const [run] = this.#runs;
    return run?.side ? run : undefined;
  }

  get chatPageUrl(): string | undefined {
    return this.#url === undefined ? undefined : `${this.#url}/#key=${this.#options.apiKey}`;
  }

  async listen(): Promise<string> {
    const { host, port } = this.#options;
    await listenOn(this.#server, host, port);
    const address = this.#server.address() as AddressInfo;
    const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
    this.#url = `http://${shown}:${address.port}`;
    return this.#url;
  }

  close({ graceMs = 10_000, onWaiting }: CloseOptions = {}): Promise<void> {
    if (this.#closing) {
      // A second call with `graceMs: 0` (a second Ctrl+C) cuts a running grace short.
      if (graceMs === 0) this.#endGrace?.();
      return this.#closing;
    }
    this.#closing = this.#drain(graceMs);
    // Told once the grace runs, so that `onWaiting` may already call close({ graceMs: 0 }).
    if (this.#runs.size > 0) onWaiting?.(this.#runs.size);
    return this.#closing;
  }

  async #drain(graceMs: number): Promise<void> {
    this.#draining = true;
    const closed = this.#server.listening
      ? new Promise<void>((resolve) => this.#server.close(() => resolve()))
      : Promise.resolve();
    this.#server.closeIdleConnections();
    const idle = () =>
      this.#runs.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            this.#idle = resolve;
          });
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      this.#endGrace = resolve;
    });
    await Promise.race([idle(), graceOver]);
    clearTimeout(timer);
    if (this.#runs.size > 0) {
      for (const run of this.#runs) run.controller.abort(SHUTDOWN_REASON);
      // Aborted runs answer at once (the loop does not wait for tools that ignore the abort).
      const settle = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
      await Promise.race([idle(), settle]);
    }
    await this.#mcp?.close();
    this.#server.closeAllConnections();
    await closed;
  }

  #health() {
    return healthBody(this.#options, {
      draining: this.#draining,
      inFlight: this.#runs.size,
      startedAt: this.#startedAt,
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    res.once("close", () =>
      this.#options.onRequest?.({
        method: req.method ?? "GET",
        path,
        status: res.statusCode,
        durationMs: performance.now() - started,
        clientClosed: !res.writableFinished,
      }),
    );
    try {
      // While draining, /healthz still answers (503, status "draining") for load balancers.
      if (this.#draining && path !== "/healthz") {
        throw new ApiError({
          status: 503,
          type: "server_error",
          code: "server_shutdown",
          message: "The server is shutting down and takes no new requests.",
          headers: { connection: "close" },
        });
      }
      if (this.#page && (req.method === "GET" || req.method === "HEAD") && this.#page.has(path)) {
        this.#page.send(res, path, req.method === "HEAD");
        return;
      }
      if (this.#mcp && path === "/mcp") {
        requireBearer(req, this.#options.apiKey, this.#options.hints ?? {});
        return await this.#mcp.handle(req, res, this.#options.maxBodyBytes);
      }
      const approvalId = approvalIdOf(req, path);
      if (approvalId !== undefined) {
        requireBearer(req, this.#options.apiKey, this.#options.hints ?? {});
        const body = await readJsonBody(req, this.#options.maxBodyBytes);
        return sendJson(res, 200, this.#pageApprovals.answer(approvalId, body));
      }
      checkRoute(req, path);
      // A probe without the key learns the status alone: the servers, model and load need it.
      if (path === "/healthz" && !hasBearer(req, this.#options.apiKey)) {
        const { status } = this.#health();
        return sendJson(res, this.#draining ? 503 : 200, { status });
      }
      requireBearer(req, this.#options.apiKey, this.#options.hints ?? {});
      switch (path) {
        case "/v1/models":
          return sendJson(res, 200, modelsBody(this.#options, this.#startedAt));
        case `/v1/models/${this.#options.modelName}`:
          return sendJson(res, 200, modelsBody(this.#options, this.#startedAt).data[0]);
        case "/healthz":
          return sendJson(res, this.#draining ? 503 : 200, this.#health());
        case "/tinyloop/v1/tools":
          return sendJson(res, 200, toolsBody(this.#options, this.#approval));
        case "/v1/chat/completions":
          return await handleChatCompletion(req, res, {
            options: this.#options,
            approval: this.#approval,
            pageApprovals: this.#pageApprovals,
            runs: this.#runs,
            onSettled: () => {
              if (this.#runs.size === 0) this.#idle?.();
            },
          });
        default:
          throw new ApiError({
            status: 404,
            type: "invalid_request_error",
            code: "model_not_found",
            message: `The model "${path.slice("/v1/models/".length)}" does not exist here; this server is the agent "${this.#options.modelName}".`,
          });
      }
    } catch (error) {
      sendApiError(
        res,
        error instanceof ApiError
          ? error
          : new ApiError({
              status: 500,
              type: "server_error",
              code: "internal_error",
              message: `The server failed to answer: ${(error as Error)?.message ?? String(error)}`,
            }),
      );
    }
  }
}

/**
 * An OpenAI-compatible HTTP server over the agent loop: `POST /v1/chat/completions`
 * (streaming and not), `GET /v1/models`, `GET /healthz`, and a chat page at `/`. Every
 * request runs its own `Agent` over the messages it sends, on the shared model and tools.
 *
 * ```ts
 * const server = createAgentServer({ model, registry, hub, systemPrompt: "Be brief." });
 * console.log(await server.listen(), server.apiKey);
 * process.once("SIGTERM", () => void server.close().then(() => hub.close()));
 * ```
 * @throws AgentServerError `OPTIONS_INVALID`, `KEY_REQUIRED`, `TOOL_SEARCH_TAKEN` (the
 * registry has a tool named `tool_search` and `toolSearch` is not `"never"`).
 */
export function createAgentServer(options: AgentServerOptions): AgentServer {
  return new HttpAgentServer(options);
}
