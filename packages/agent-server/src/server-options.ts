import { type AgentOptions, END_WHEN_CHOICES, toolSearchNameTakenBy } from "@tinyloop/agent-loop";
import { type ExpectedGot, expectedGot } from "@tinyloop/errors";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import { AgentServerError } from "./agent-server-error.js";
import { generateApiKey, isUsableApiKey } from "./bearer-auth.js";
import { DEFAULT_PORT } from "./default-port.js";
import { probeListen } from "./listen-check.js";
import { isLoopbackHost } from "./loopback-host.js";
import type { ServeApproval } from "./serve-approval.js";
import { inParentheses, type ServerHints } from "./server-hints.js";

/** The tool registry the agent uses (a `ToolRegistry` of `@tinyloop/registry`). */
export type AgentRegistry = AgentOptions["registry"];

/** One answered HTTP request, for an access log. */
export interface RequestLog {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Set when the client went away before the answer was complete. */
  clientClosed: boolean;
}

/** What `/mcp` offers, when {@link AgentServerOptions.mcp} is an object. */
export interface McpEndpointOptions {
  /** The agent's name for its tool (`ask_<name>`). Default: `modelName`. */
  agentName?: string;
  /** The version `/mcp` reports in `initialize` (`serverInfo.version`). Default `0.0.0`. */
  version?: string;
  /** The tool's name instead of `ask_<agentName>`. */
  toolName?: string;
  /** The tool's description. Default: from the system prompt. */
  description?: string;
}

/** Options of {@link createAgentServer}. */
export interface AgentServerOptions {
  /** The model every request's agent talks to (shared; adapters are stateless). */
  model: ChatModel;
  /** Built-in and MCP tools, shared by every request. */
  registry: AgentRegistry;
  /** The MCP servers behind the registry, for `/healthz` and the chat page's panel. */
  hub?: McpHub;
  /**
   * The id `GET /v1/models` lists and every answer names. A request may name any `model`: one
   * agent is served, so every id means it. Default `tinyloop-agent`.
   */
  modelName?: string;
  /**
   * The agent's system prompt, put before the client's messages. Default: the agent loop's
   * default prompt; `""` sends none (then only the client's system messages).
   */
  systemPrompt?: string;
  /** When a request's run ends (agent-loop's `endWhen`). Default: the agent loop's (`"text"`). */
  endWhen?: AgentOptions["endWhen"];
  /** Most model calls per request. Default: the agent loop's (20). */
  maxTurns?: number;
  /** Most tool calls of one turn running at once. Default: the agent loop's (8). */
  toolConcurrency?: number;
  /**
   * Which registry tools to offer: the registry's `ListFilter` (`toolsets`, exact registered
   * names in `include` / `exclude`; `exclude` wins), as the agent's `tools`. Default: all.
   */
  tools?: AgentOptions["tools"];
  /**
   * When to keep tools back behind `tool_search` (agent-loop's `toolSearch`): `auto` when
   * their schemas are large, `always`, `never`. A request's model then gets only the tools
   * not kept back plus `tool_search`; a tool found by the search is offered from the next
   * turn of the same request. Default: the agent loop's (`auto`).
   */
  toolSearch?: AgentOptions["toolSearch"];
  /**
   * The runs' OpenTelemetry span settings (agent-loop's `tracing`): the agent name, and
   * whether spans record tool arguments, results and messages (masked by `redact`).
   */
  tracing?: AgentOptions["tracing"];
  /** Tools that need approval are refused unless allowed here. Default: mode `ask`, nothing allowed. */
  approval?: ServeApproval;
  /** The key clients send as `Authorization: Bearer`. Default: a generated one (see `server.apiKey`). */
  apiKey?: string;
  /** How to fix what the server refuses, in the embedding program's words (see {@link ServerHints}). */
  hints?: ServerHints;
  /** Address to listen on. Default `127.0.0.1`; any other than loopback needs `apiKey`. */
  host?: string;
  /** Port. Default 8787; 0 picks a free one. */
  port?: number;
  /** Most chat completions running at once; one more gets 429. Default 8. */
  maxConcurrency?: number;
  /** `Retry-After` seconds sent with a 429. Default 1. */
  retryAfterSeconds?: number;
  /** Largest request body in bytes; larger gets 413. Default 4 MiB (room for a few images). */
  maxBodyBytes?: number;
  /** Longest tool result text sent in a `tinyloop` extension event. Default 20 000 characters. */
  maxResultChars?: number;
  /**
   * Fetch images that requests give as http(s) URLs (`image_url.url`). Default false: such a
   * part is refused (400), since fetching an address a client sends lets any client make this
   * server reach its own network; base64 data URLs are always accepted.
   */
  fetchImageUrls?: boolean;
  /** Added to the refusal of an image URL: how the operator allows them (a program's own flag). */
  imageUrlsHint?: string;
  /**
   * Milliseconds between the `: keep-alive` comments that keep an idle stream (a long tool
   * call) open through proxies. Default 15 000.
   */
  keepAliveMs?: number;
  /** Serve the chat page at `GET /`. Default true. */
  chatPage?: boolean;
  /**
   * Also serve the agent as a Streamable HTTP MCP server at `/mcp`, behind the same key: one
   * tool, `ask_<modelName>` unless `toolName` says otherwise (see `createAgentMcpServer`).
   * Default false.
   */
  mcp?: boolean | McpEndpointOptions;
  /**
   * Told to an MCP server of the agent whose sampling request nobody could approve (see
   * `server.approveSampling`): how the operator allows it, in the embedding program's words
   * (the CLI names `--yes`). Default: none.
   */
  samplingHint?: string;
  /** Called after each request with what happened (an access log). */
  onRequest?: (log: RequestLog) => void;
}

/** {@link AgentServerOptions} with defaults applied and checked. */
export interface ResolvedServerOptions
  extends Omit<AgentServerOptions, "modelName" | "apiKey" | "host" | "port"> {
  modelName: string;
  apiKey: string;
  apiKeyGenerated: boolean;
  host: string;
  port: number;
  maxConcurrency: number;
  retryAfterSeconds: number;
  maxBodyBytes: number;
  maxResultChars: number;
  keepAliveMs: number;
  chatPage: boolean;
}

function invalid(
  path: string,
  expected: string,
  got: unknown,
  example: string,
  found: Pick<ExpectedGot, "gotText"> = {},
): AgentServerError {
  return new AgentServerError({
    code: "OPTIONS_INVALID",
    message: `createAgentServer(…): ${expectedGot({ path, expected, got, example, ...found })}`,
  });
}

function whole(
  path: string,
  value: unknown,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(path, `a whole number from ${min} to ${max}`, value, `${path}: ${fallback}`);
  }
  return value;
}

/** What {@link checkServerOptions} checks: every option but the model and the registry. */
export type ServerSettings = Omit<AgentServerOptions, "model" | "registry">;

type CheckedSettings = Pick<
  ResolvedServerOptions,
  | "modelName"
  | "host"
  | "port"
  | "maxConcurrency"
  | "retryAfterSeconds"
  | "maxBodyBytes"
  | "maxResultChars"
  | "keepAliveMs"
>;

function checkSettings(options: ServerSettings): CheckedSettings {
  const host = options.host ?? "127.0.0.1";
  if (typeof host !== "string" || host === "")
    throw invalid("host", "a host name or address", host, 'host: "127.0.0.1"');
  const modelName = options.modelName ?? "tinyloop-agent";
  if (typeof modelName !== "string" || !/^[\w.:/-]{1,128}$/.test(modelName)) {
    throw invalid(
      "modelName",
      "letters, digits, . _ - : / (1–128 characters)",
      modelName,
      'modelName: "my-agent"',
    );
  }
  const toolSearch = options.toolSearch;
  if (toolSearch !== undefined && !["auto", "always", "never"].includes(toolSearch)) {
    throw invalid("toolSearch", '"auto", "always" or "never"', toolSearch, 'toolSearch: "auto"');
  }
  const endWhen = options.endWhen;
  if (endWhen !== undefined && !END_WHEN_CHOICES.includes(endWhen)) {
    throw invalid("endWhen", '"text" or "two-texts"', endWhen, 'endWhen: "two-texts"');
  }
  if (options.apiKey !== undefined && !isUsableApiKey(options.apiKey)) {
    throw invalid(
      "apiKey",
      "a key of at least 8 characters without spaces",
      options.apiKey,
      "apiKey: process.env.TINYLOOP_SERVE_KEY",
      { gotText: typeof options.apiKey === "string" ? "a string (value not shown)" : undefined },
    );
  }
  if (options.apiKey === undefined && !isLoopbackHost(host)) {
    throw new AgentServerError({
      code: "KEY_REQUIRED",
      message: `refusing to listen on ${host} without an API key: anyone who can reach that address could run the agent and its tools; give an apiKey${inParentheses(options.hints?.giveApiKey)}, or listen on 127.0.0.1`,
    });
  }
  return {
    modelName,
    host,
    port: whole("port", options.port, DEFAULT_PORT, 0, 65535),
    maxConcurrency: whole("maxConcurrency", options.maxConcurrency, 8, 1),
    retryAfterSeconds: whole("retryAfterSeconds", options.retryAfterSeconds, 1, 0),
    maxBodyBytes: whole("maxBodyBytes", options.maxBodyBytes, 4 * 1024 * 1024, 1),
    maxResultChars: whole("maxResultChars", options.maxResultChars, 20_000, 0),
    keepAliveMs: whole("keepAliveMs", options.keepAliveMs, 15_000, 1),
  };
}

/**
 * Checks every option of {@link createAgentServer} but `model` and `registry`, with the same
 * errors `createAgentServer` throws: call it before starting what the server needs (the MCP
 * servers, a model download), so a bad port or a public host without a key fails first.
 *
 * ```ts
 * checkServerOptions({ host: "0.0.0.0", port: 8080 }); // throws KEY_REQUIRED: no apiKey
 * ```
 * @throws AgentServerError `OPTIONS_INVALID`, or `KEY_REQUIRED` for a non-loopback host
 * without an `apiKey`.
 */
export function checkServerOptions(options: ServerSettings): void {
  checkSettings(options);
}

/**
 * {@link checkServerOptions}, then binds the address for a moment: a busy port, a port
 * without permission or an address the machine lacks fails here, before the caller starts
 * the MCP servers or a model. The server's own `listen` still reports a port taken in between.
 *
 * @throws AgentServerError as {@link checkServerOptions}, or `LISTEN_FAILED` with the
 * wording of `server.listen()` (`cannot listen on 127.0.0.1:8787: the port is already in use; …`).
 */
export async function checkCanListen(options: ServerSettings): Promise<void> {
  const { host, port } = checkSettings(options);
  await probeListen({ host, port });
}

/**
 * Every request builds an `Agent`, which refuses a registry tool named `tool_search` (agent-loop
 * decides when): refused here once, rather than answering every request with a 500.
 */
function checkToolSearchName(options: AgentServerOptions): void {
  const mode = options.toolSearch ?? "auto";
  const taken = toolSearchNameTakenBy(options.registry, mode);
  if (taken === undefined) return;
  throw new AgentServerError({
    code: "TOOL_SEARCH_TAKEN",
    message: `createAgentServer(…): the registry has a tool named "${taken.name}" (toolset "${taken.toolset}"), but with toolSearch "${mode}" every request's agent needs that name for its search over deferred tools, so every request would fail; rename your tool, or pass toolSearch: "never"${inParentheses(options.hints?.toolSearchNever)} to keep every tool offered and no search`,
  });
}

/**
 * Applies defaults and checks every option.
 * @throws AgentServerError `OPTIONS_INVALID`, `KEY_REQUIRED` for a non-loopback host
 * without an `apiKey`, or `TOOL_SEARCH_TAKEN` when the registry has a tool named
 * `tool_search` and `toolSearch` is not `"never"`.
 */
export function resolveServerOptions(options: AgentServerOptions): ResolvedServerOptions {
  if (typeof options?.model?.stream !== "function") {
    throw invalid("model", "a ChatModel", options?.model, "model: createOpenAICompatible({ … })");
  }
  if (typeof options.registry?.list !== "function") {
    throw invalid("registry", "a ToolRegistry", options.registry, "registry: new ToolRegistry()");
  }
  const settings = checkSettings(options);
  checkToolSearchName(options);
  return {
    ...options,
    ...settings,
    apiKey: options.apiKey ?? generateApiKey(),
    apiKeyGenerated: options.apiKey === undefined,
    chatPage: options.chatPage ?? true,
  };
}
