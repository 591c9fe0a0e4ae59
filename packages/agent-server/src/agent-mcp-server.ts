import type { Readable, Writable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  type CreateMessageRequestParams,
  type ElicitRequestFormParams,
  type ElicitResult,
  ListToolsRequestSchema,
  type LoggingLevel,
  SetLevelRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { context } from "@opentelemetry/api";
import { expectedGot } from "@tinyloop/errors";
import type { ChatMessage, ChatModel } from "@tinyloop/inference-adapters";
import { agentForRun, type RunSettings } from "./agent-for-run.js";
import { AgentServerError } from "./agent-server-error.js";
import {
  type AgentToolDefinition,
  agentToolDefinition,
  agentToolPrompt,
  parseAgentToolInput,
} from "./agent-tool.js";
import { agentToolNameProblem } from "./agent-tool-name.js";
import { DEFAULT_CALLER_LOG_LEVEL, passesLogLevel } from "./caller-log.js";
import { RunningCalls } from "./caller-questions.js";
import {
  approveSamplingThroughCaller,
  fromMcpClient,
  type SamplingApproval,
} from "./caller-sampling-approval.js";
import { callerTraceContext } from "./caller-trace-context.js";
import { elicitingApprove } from "./elicit-approval.js";
import { requestModel } from "./request-model.js";
import { runAgentTool } from "./run-agent-tool.js";
import { ApprovalPolicy, type ServeApproval } from "./serve-approval.js";

/** Options of {@link createAgentMcpServer}. */
export interface AgentMcpServerOptions extends RunSettings {
  /** The model every call's agent talks to (shared). */
  model: ChatModel;
  /** The agent's name: the tool is `ask_<name>` (provider-safe) unless `toolName` is given. */
  agentName?: string;
  /** The tool's name instead of `ask_<agentName>`; must match `^[a-zA-Z0-9_-]{1,64}$`. */
  toolName?: string;
  /** The tool's description. Default: from the agent's system prompt (its first paragraph). */
  description?: string;
  /** Tools that need approval are refused unless allowed here. Default: mode `ask`, nothing allowed. */
  approval?: ServeApproval;
  /**
   * Keep a conversation per MCP session (per connection): each call's model sees the earlier
   * calls' tasks and answers of the same session. Default false: every call starts fresh.
   */
  keepContext?: boolean;
  /** The version the server reports in `initialize`. Default `0.0.0`. */
  version?: string;
  /**
   * Masks secrets in the texts sent to clients as log messages (tool errors, model errors),
   * e.g. mcp-transport's `maskSecrets` over the servers' configured secrets. Default: none.
   */
  redact?: (text: string) => string;
  /** Told to a server whose sampling request nobody could approve: how the operator allows it. */
  samplingHint?: string;
}

function invalid(path: string, expected: string, got: unknown, example: string): AgentServerError {
  return new AgentServerError({
    code: "OPTIONS_INVALID",
    message: `createAgentMcpServer(…): ${expectedGot({ path, expected, got, example })}`,
  });
}

function checkOptions(options: AgentMcpServerOptions): void {
  if (typeof options?.model?.stream !== "function") {
    throw invalid("model", "a ChatModel", options?.model, "model: createOpenAICompatible({ … })");
  }
  if (typeof options.registry?.list !== "function") {
    throw invalid("registry", "a ToolRegistry", options.registry, "registry: new ToolRegistry()");
  }
  const problem = agentToolNameProblem(options.toolName);
  if (problem) {
    throw new AgentServerError({
      code: "OPTIONS_INVALID",
      message: `createAgentMcpServer(…): ${problem}`,
    });
  }
}

/** The agent as an MCP server: its one tool, and a connection per client. */
export interface AgentMcpServer {
  /** The one tool offered, as `tools/list` shows it. */
  readonly tool: AgentToolDefinition;
  /**
   * Serves one client over `transport` (stdio, or one Streamable HTTP session) with its own
   * SDK `Server`; resolves that server once connected.
   */
  connect(transport: Transport): Promise<Server>;
  /**
   * Serves one client on a pair of streams (a process's stdin and stdout): newline-delimited
   * JSON-RPC, nothing else may be written to `output`. Resolves once connected.
   */
  connectStdio(input: Readable, output: Writable): Promise<Server>;
  /**
   * Puts a question of the agent's own MCP servers (an elicitation form) to the client whose
   * call is running, tied to that call, and resolves its answer. `undefined` when nobody can
   * be asked: no call is running, its client did not declare `elicitation`, or calls of
   * several clients run at once (the question does not say whose call it belongs to).
   * Wire it as the `onElicit` of the agent's MCP servers.
   */
  askCaller(
    question: ElicitRequestFormParams,
    signal: AbortSignal,
  ): Promise<ElicitResult | undefined>;
  /**
   * {@link AgentMcpServer.askCaller} in the shape of `AgentServer.askElicitation` (there is no
   * page to ask here), so that `servingQuestions` wires either server the same way.
   */
  askElicitation(
    question: ElicitRequestFormParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<ElicitResult | undefined>;
  /**
   * Decides a sampling request of the agent's own MCP servers, which the agent's own model
   * answers: approval mode `never` allows it, otherwise the client of the running call is
   * asked (as {@link AgentMcpServer.askCaller}); nobody to ask refuses it with `samplingHint`.
   * Wire it as the approval of the agent's MCP servers' sampling.
   */
  approveSampling(
    request: CreateMessageRequestParams,
    context: { server: string; signal: AbortSignal },
  ): Promise<SamplingApproval>;
  /** Calls of the tool running now, of every client. */
  readonly runningCalls: number;
  /**
   * Sends a log message (`notifications/message`) to every connected client whose
   * `logging/setLevel` lets it through (until a client sets one: `info` and above): for what
   * concerns every call, such as one of the agent's MCP servers going down.
   */
  log(level: LoggingLevel, message: string): void;
  /** Closes every connection (runs in flight are aborted); the MCP servers behind the registry are the caller's. */
  close(): Promise<void>;
}

/**
 * The agent as an MCP server (the official SDK's `Server` per connection): one tool,
 * `ask_<agent>`, whose input is `{ task, context? }`; each call runs a fresh `Agent` on the
 * shared model and tools (the MCP servers behind the registry are started once, by the
 * caller), with progress per model turn and tool call, and `notifications/cancelled`
 * aborting the run and its tool calls.
 *
 * ```ts
 * const server = createAgentMcpServer({ model, registry, agentName: "researcher" });
 * await server.connect(new StdioServerTransport());
 * ```
 * @throws AgentServerError `OPTIONS_INVALID`.
 */
export function createAgentMcpServer(options: AgentMcpServerOptions): AgentMcpServer {
  checkOptions(options);
  const tool = agentToolDefinition({
    agentName: options.agentName,
    toolName: options.toolName,
    description: options.description,
    systemPrompt: options.systemPrompt,
  });
  const approval = new ApprovalPolicy(options.approval, {
    runsAs: "an MCP server whose client cannot be asked",
  });
  const connections = new Map<Server, CallerLogLevel>();
  const running = new RunningCalls();
  return {
    tool,
    async connect(transport) {
      const logLevel: CallerLogLevel = { least: DEFAULT_CALLER_LOG_LEVEL };
      const server = serverFor(tool, options, approval, { running, logLevel });
      connections.set(server, logLevel);
      server.onclose = () => connections.delete(server);
      await server.connect(transport);
      return server;
    },
    connectStdio(input, output) {
      return this.connect(new StdioServerTransport(input, output));
    },
    askCaller(question, signal) {
      return running.ask(question, signal);
    },
    askElicitation(question, { signal }) {
      return running.ask(question, signal);
    },
    get runningCalls() {
      return running.size;
    },
    approveSampling(request, context) {
      return approveSamplingThroughCaller(request, context, {
        mode: approval.mode,
        hint: options.samplingHint,
        ask: async (question, signal) => fromMcpClient(await running.ask(question, signal)),
      });
    },
    log(level, message) {
      for (const [server, logLevel] of connections) {
        if (!passesLogLevel(level, logLevel.least)) continue;
        // A client gone meanwhile is not this message's problem.
        void server
          .notification({
            method: "notifications/message",
            params: { level, logger: tool.name, data: message },
          })
          .catch(() => undefined);
      }
    },
    async close() {
      await Promise.allSettled([...connections.keys()].map((server) => server.close()));
    },
  };
}

/** The least severe level a connection's client wants (its `logging/setLevel`). */
interface CallerLogLevel {
  least: LoggingLevel;
}

function serverFor(
  tool: AgentToolDefinition,
  options: AgentMcpServerOptions,
  approval: ApprovalPolicy,
  shared: { running: RunningCalls; logLevel: CallerLogLevel },
): Server {
  const server = new Server(
    { name: tool.name, version: options.version ?? "0.0.0" },
    { capabilities: { tools: {}, logging: {} } },
  );
  // One Server per connection, so one level: replaces the SDK's per-session map.
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    shared.logLevel.least = request.params.level;
    return {};
  });
  // With keepContext: this connection's earlier tasks and answers.
  const history: ChatMessage[] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== tool.name) {
      return errorResult(
        `Unknown tool "${request.params.name}": this server offers one tool, ${tool.name}.`,
      );
    }
    const input = parseAgentToolInput(request.params.arguments);
    if ("error" in input) return errorResult(`${tool.name}: ${input.error}`);
    // A client that can answer questions is asked; otherwise the policy decides alone.
    const asks = server.getClientCapabilities()?.elicitation !== undefined;
    const approve = asks
      ? elicitingApprove(approval, (question, signal) =>
          server.elicitInput(question, { relatedRequestId: extra.requestId, signal }),
        )
      : approval.hook();
    const model = options.keepContext
      ? requestModel(options.model, { history: [...history] })
      : options.model;
    const agent = agentForRun(options, model, approve);
    const done = shared.running.track(server, extra.requestId);
    // The caller's trace (its _meta traceparent) is the parent of the run's invoke_agent span.
    const traced = callerTraceContext(request.params._meta, extra.requestInfo?.headers);
    const result = await context
      .with(traced, () =>
        runAgentTool(agent, input, {
          signal: extra.signal,
          progressToken: request.params._meta?.progressToken,
          sendNotification: extra.sendNotification,
          logLevel: () => shared.logLevel.least,
          logger: tool.name,
          ...(options.redact ? { redact: options.redact } : {}),
        }),
      )
      .finally(done);
    const answer = result.structuredContent?.answer;
    if (options.keepContext && typeof answer === "string") {
      history.push(
        { role: "user", content: agentToolPrompt(input) },
        { role: "assistant", content: answer },
      );
    }
    return result;
  });
  return server;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
