import type { Readable, Writable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { expectedGot } from "@tinyloop/errors";
import type { ChatMessage, ChatModel } from "@tinyloop/inference-adapters";
import { TOOL_NAME_PATTERN } from "@tinyloop/registry";
import { agentForRun, type RunSettings } from "./agent-for-run.js";
import { AgentServerError } from "./agent-server-error.js";
import {
  type AgentToolDefinition,
  agentToolDefinition,
  agentToolPrompt,
  parseAgentToolInput,
} from "./agent-tool.js";
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
  const { toolName } = options;
  if (
    toolName !== undefined &&
    (typeof toolName !== "string" || !TOOL_NAME_PATTERN.test(toolName))
  ) {
    throw invalid(
      "toolName",
      "1–64 letters, digits, _ or -",
      toolName,
      'toolName: "ask_researcher"',
    );
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
  const connections = new Set<Server>();
  return {
    tool,
    async connect(transport) {
      const server = serverFor(tool, options, approval);
      connections.add(server);
      server.onclose = () => connections.delete(server);
      await server.connect(transport);
      return server;
    },
    connectStdio(input, output) {
      return this.connect(new StdioServerTransport(input, output));
    },
    async close() {
      await Promise.allSettled([...connections].map((server) => server.close()));
    },
  };
}

function serverFor(
  tool: AgentToolDefinition,
  options: AgentMcpServerOptions,
  approval: ApprovalPolicy,
): Server {
  const server = new Server(
    { name: tool.name, version: options.version ?? "0.0.0" },
    { capabilities: { tools: {} } },
  );
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
    const result = await runAgentTool(agent, input, {
      signal: extra.signal,
      progressToken: request.params._meta?.progressToken,
      sendNotification: extra.sendNotification,
    });
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
