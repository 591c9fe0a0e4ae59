import type { AgentFile } from "@tinyloop/agent-files";
import {
  Agent,
  type AgentEvent,
  type AgentInput,
  type ApproveToolCall,
  consumeRun,
  type EndWhen,
  type RunOutcome,
  type ToolSearchMode,
  type TracingOptions,
} from "@tinyloop/agent-loop";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { ClientFeatureOptions, McpRoot, OAuthOptions } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { AgentSessionError } from "./agent-session-error.js";
import { type AgentSettings, agentSettings } from "./agent-settings.js";
import { withAutoApprove } from "./auto-approve.js";
import { type ConnectProgress, connectServers } from "./connect-servers.js";
import { type ApproveSampling, samplingHandler } from "./sampling-handler.js";
import { noServerConnected, type SessionStatus, sessionStatus } from "./session-status.js";
import { sessionTracing } from "./session-tracing.js";

/** Options of {@link openAgentSession}. */
export interface AgentSessionOptions {
  /** The agent, as `readAgentFile` returns it (plus any servers added with `withAdHocServers`). */
  agent: AgentFile;
  /** The agent's model (see `createModel`); it answers the turns and the servers' sampling. */
  model: ChatModel;
  /**
   * Asked before tool calls; undefined runs every call. Tools a server's entry lists in
   * `autoApprove` / `alwaysAllow` run without asking either way.
   */
  approve?: ApproveToolCall;
  /**
   * Servers may ask the model (MCP sampling); asked first. Without it, sampling is not
   * offered — pass `() => true` to answer every request without asking.
   */
  approveSampling?: ApproveSampling;
  /** Answers a server's elicitation form (e.g. a terminal form); without it, not offered. */
  onElicit?: ClientFeatureOptions["onElicit"];
  /** Roots offered to servers (see `agentRoots`); without them, not offered. */
  roots?: McpRoot[];
  /** A server's `notifications/message` log lines. */
  onServerLog?: ClientFeatureOptions["onServerLog"];
  /** OAuth for HTTP servers that ask for a login. */
  oauth?: OAuthOptions;
  /** Progress while the servers connect (see `ConnectProgress`). */
  progress?: ConnectProgress;
  /** Beats the file's `maxTurns`. */
  maxTurns?: number;
  /** When to keep tools back behind `tool_search` (the loop's default: auto). */
  toolSearch?: ToolSearchMode;
  /** When a run ends (the loop's `endWhen`); beats the file's `endWhen`. */
  endWhen?: EndWhen;
  /** Start every server on first use, its tools from the manifest cache. */
  lazy?: boolean;
  /** See `ConnectServersOptions.maxConcurrentStarts` (default 32, or 2 × CPU cores where more). */
  maxConcurrentStarts?: number;
  /** Variables added to every stdio server's environment. */
  extraEnv?: Record<string, string>;
  /** See `ConnectServersOptions.watchdog`. */
  watchdog?: boolean;
  /** See `ConnectServersOptions.clientInfo`: who the servers are told the client is. */
  clientInfo?: { name: string; version: string };
  /** Cancels connecting the servers (see `ConnectServersOptions.signal`), e.g. when the program exits. */
  signal?: AbortSignal;
  /**
   * Told the hub as soon as `connectAll` returns it (every server connected or failed), before
   * the agent is built, so an exit in the rest of the start can still close it. An exit while
   * the servers connect is `signal`'s: the connects are cancelled and nothing is left running.
   */
  onHub?: (hub: McpHub) => void;
  /**
   * The agent's OpenTelemetry span settings (`captureContent` to record tool arguments,
   * results and messages). The agent name defaults to the file's; recorded content always
   * has the servers' configured secrets masked.
   */
  tracing?: TracingOptions;
  /**
   * Refuse to run without tools: when the agent configures servers and none connected (an
   * idle lazy server counts: its tools are there), the session is closed and the open rejects
   * with `AgentSessionError` `NO_SERVER_CONNECTED` — not when `signal` cancelled the connects.
   * `howToAllow` is how the caller's user goes on anyway, named in the message (a CLI: `run
   * with --allow-no-servers`). Default: open, and report the failures in `status()`.
   */
  refuseNoServers?: boolean | { howToAllow: string };
}

/** Options of {@link AgentSession.run}. */
export interface SessionRunOptions {
  /** Aborting it stops the run (the model stream and the tool calls in flight). */
  signal?: AbortSignal;
  /** Each event of the run as it comes (e.g. to print it). */
  onEvent?: (event: AgentEvent) => void;
}

/** A running agent: its loop, model, tools and the servers behind them. */
export interface AgentSession {
  /** The loop, with the file's system prompt, `maxTurns`, `toolConcurrency`, approval and `toolSearch`. */
  agent: Agent;
  registry: ToolRegistry;
  hub: McpHub;
  model: ChatModel;
  file: AgentFile;
  /**
   * The loop's settings as plain data, the shape agent-server's `createAgentServer` takes:
   * `createAgentServer({ model, registry, hub, ...session.settings() })` serves this agent.
   * The allow-list is made from the tools registered when it is called.
   */
  settings(): AgentSettings;
  /** How many servers are enabled and connected, and why the others failed. */
  status(): SessionStatus;
  /**
   * Runs the agent on `input` to its end (agent-loop's `consumeRun` over `agent.run`),
   * handing each event to `onEvent`; resolves how the run ended: the `done` event, and the
   * final text no delta streamed (a `task_complete` summary), which a program must still show.
   */
  run(input: AgentInput, options?: SessionRunOptions): Promise<RunOutcome>;
  /** Closes every server (whole process trees) and the model. Safe to call more than once. */
  close(): Promise<void>;
}

const quiet: ConnectProgress = { status: () => {}, failed: () => {} };

/**
 * Opens an agent session from an agent file, like tiny-agents' `Agent.loadTools()`: connects
 * the file's enabled servers into a fresh registry (offering sampling through the agent's
 * model, elicitation and roots when asked for), applies the file's auto-approve lists, and
 * builds the loop. Resolves once every server is ready, idle or failed; a failed server is
 * reported in `status()`, never thrown.
 *
 * @example
 * const file = await readAgentFile("./my-agent", { env: process.env });
 * const { plan, choice } = resolveModelChoice(file, {}, process.env);
 * const session = await openAgentSession({ agent: file, model: await createModel(plan, choice, process.env) });
 * const { done } = await session.run("list the files", { onEvent: (event) => console.log(event.type) });
 * await session.close();
 */
export async function openAgentSession(options: AgentSessionOptions): Promise<AgentSession> {
  const { agent: file, model } = options;
  const registry = new ToolRegistry();
  const features: ClientFeatureOptions = {
    ...(options.roots ? { roots: options.roots } : {}),
    ...(options.onServerLog ? { onServerLog: options.onServerLog } : {}),
    ...(options.onElicit ? { onElicit: options.onElicit } : {}),
    ...(options.approveSampling
      ? { onSample: samplingHandler(model, options.approveSampling) }
      : {}),
  };
  const connected = await connectServers(file.servers, registry, options.progress ?? quiet, {
    features,
    ...(options.extraEnv ? { extraEnv: options.extraEnv } : {}),
    ...(options.lazy ? { lazy: true } : {}),
    ...(options.maxConcurrentStarts ? { maxConcurrentStarts: options.maxConcurrentStarts } : {}),
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.watchdog ? { watchdog: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.clientInfo ? { clientInfo: options.clientInfo } : {}),
  });
  const hub = connected.hub;
  options.onHub?.(hub);
  const approve = withAutoApprove(options.approve, file.servers, (name) => hub.resolveTool(name));
  const maxTurns = options.maxTurns ?? file.maxTurns;
  const endWhen = options.endWhen ?? file.endWhen;
  const agent = new Agent({
    model,
    registry,
    // An empty prompt file is a prompt too: "" turns the loop's default prompt off.
    ...(file.systemPrompt !== undefined ? { systemPrompt: file.systemPrompt } : {}),
    ...(endWhen ? { endWhen } : {}),
    ...(maxTurns ? { maxTurns } : {}),
    ...(file.toolConcurrency ? { toolConcurrency: file.toolConcurrency } : {}),
    ...(approve ? { approve } : {}),
    ...(options.toolSearch ? { toolSearch: options.toolSearch } : {}),
    tracing: sessionTracing(file, options.tracing),
  });
  let closing: Promise<void> | undefined;
  const session: AgentSession = {
    agent,
    registry,
    hub,
    model,
    file,
    settings: () =>
      agentSettings(file, {
        registry,
        hub,
        ...(options.maxTurns ? { maxTurns: options.maxTurns } : {}),
        ...(options.toolSearch ? { toolSearch: options.toolSearch } : {}),
        ...(options.endWhen ? { endWhen: options.endWhen } : {}),
      }),
    status: () => sessionStatus(file.servers, hub, connected.failures),
    run: (input, { signal, onEvent } = {}) =>
      consumeRun(agent.run(input, signal ? { signal } : {}), onEvent),
    close: () => {
      closing ??= Promise.allSettled([hub.close(), model.close?.()]).then(() => undefined);
      return closing;
    },
  };
  await refuseWithoutServers(session, options);
  return session;
}

/** `refuseNoServers`: closes the session and throws when servers are configured and none connected. */
async function refuseWithoutServers(
  session: AgentSession,
  { refuseNoServers, signal }: AgentSessionOptions,
): Promise<void> {
  // A signal cancelled the connects: the program is exiting, not refused.
  if (!refuseNoServers || signal?.aborted) return;
  const reason = noServerConnected(session.status());
  if (reason === undefined) return;
  await session.close();
  const howToAllow =
    typeof refuseNoServers === "object"
      ? refuseNoServers.howToAllow
      : "open the session without refuseNoServers";
  throw new AgentSessionError({
    code: "NO_SERVER_CONNECTED",
    message: `${reason}; fix the server, or ${howToAllow} to go on without tools`,
  });
}
