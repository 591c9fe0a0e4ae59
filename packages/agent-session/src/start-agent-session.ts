import type { AgentFile, ModelChoice, ProviderPlan } from "@tinyloop/agent-files";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { CreateModelOptions } from "./create-model.js";
import type { AgentSession, AgentSessionOptions } from "./open-agent-session.js";
import { type PrestartAgentServersOptions, prestartAgentServers } from "./prestart.js";

/** What {@link startAgentSession} opens: an agent already read and checked, and its model decided. */
export interface AgentSessionStart {
  /** The agent (`readAgentFile`, plus any servers the program added); a bad file must start nothing. */
  agent: AgentFile;
  /** The model decided for it (agent-files' `chooseProvider` or agent-session's `resolveModelChoice`). */
  plan: ProviderPlan;
  choice: ModelChoice;
  /** Where the model's key variable is read (`choice.apiKey` wins). */
  env: Record<string, string | undefined>;
}

/** Options of {@link StartingAgentSession.open}: the session's, without what the start fixed. */
export interface OpenStartedSessionOptions
  extends Omit<
    AgentSessionOptions,
    "agent" | "model" | "lazy" | "watchdog" | "maxConcurrentStarts" | "onHub"
  > {
  /**
   * How the model is made (timeouts, download progress, warnings…). Its tool-call format and
   * reasoning are the agent's `toolCallFormat` and `reasoning` (the file's, or a program's
   * checked overrides: agent-files' `readSettingOverrides`) unless given here.
   */
  model?: CreateModelOptions;
  /** Told the model once it is made, before any server connects (e.g. to show the start line). */
  onModel?: (model: ChatModel) => void;
}

/** An agent session on its way: the servers booting, the rest not loaded yet. */
export interface StartingAgentSession {
  /**
   * Loads the rest (the MCP SDK, the loop, the model adapter), makes the model, then opens
   * the session, which adopts the servers started early. Resolves once every server is
   * ready, idle or failed (see `openAgentSession`). Call it once.
   */
  open(options?: OpenStartedSessionOptions): Promise<AgentSession>;
  /**
   * Stops everything this start made so far, on any path: the servers started early and
   * not adopted, the session's servers (whole process trees) and the model. Safe to call
   * more than once, before, during or after `open`.
   */
  close(): Promise<void>;
}

/**
 * The one way to open an agent as a running session, straight down: starts the agent's
 * eager stdio servers at once ({@link prestartAgentServers}: `lazy`, `watchdog` and
 * `maxConcurrentStarts` are the session's too), and returns a handle whose `open` loads the
 * rest, makes the model and opens the session while those servers boot. A program registers
 * `close` for its exit paths first. Every caller opens this way, attended or not: what differs
 * is options — who answers approvals and the servers' questions (`approve`, `onElicit`,
 * `approveSampling`; nobody, without them), whether no server connected is refused
 * (`refuseNoServers`), the watchdog. This entry (`@tinyloop/agent-session/start`) loads
 * neither the MCP SDK nor zod until `open`.
 *
 * @example
 * const starting = startAgentSession({ agent, plan, choice, env: process.env }, { watchdog: true });
 * process.once("SIGTERM", () => void starting.close());
 * const session = await starting.open({ onModel: () => console.error("model ready") });
 * const { done } = await session.run("list the files");
 * await starting.close();
 */
export function startAgentSession(
  start: AgentSessionStart,
  options: PrestartAgentServersOptions = {},
): StartingAgentSession {
  const prestarted = prestartAgentServers(start.agent, options);
  let model: ChatModel | undefined;
  let hub: McpHub | undefined;
  let session: AgentSession | undefined;
  let closing: Promise<void> | undefined;
  return {
    async open({ model: modelOptions = {}, onModel, ...sessionOptions } = {}) {
      const [{ createModel }, { openAgentSession }] = await Promise.all([
        import("./create-model.js"),
        import("./open-agent-session.js"),
      ]);
      const { toolCallFormat, reasoning } = start.agent;
      model = await createModel(start.plan, start.choice, start.env, {
        ...(toolCallFormat ? { toolCallFormat } : {}),
        ...(reasoning ? { reasoning } : {}),
        ...modelOptions,
      });
      if (closing) void model.close?.(); // closed while the model was made: made for nothing
      onModel?.(model);
      session = await openAgentSession({
        ...sessionOptions,
        agent: start.agent,
        model,
        ...(options.lazy ? { lazy: true } : {}),
        ...(options.watchdog ? { watchdog: true } : {}),
        ...(options.maxConcurrentStarts
          ? { maxConcurrentStarts: options.maxConcurrentStarts }
          : {}),
        onHub: (connected) => {
          hub = connected;
        },
      });
      void prestarted.close(); // the servers started early and not adopted (none, normally)
      if (closing) void session.close(); // closed while the servers connected
      return session;
    },
    close() {
      closing ??= Promise.allSettled([
        prestarted.close(),
        session ? session.close() : hub?.close(),
        model?.close?.(),
      ]).then(() => undefined);
      return closing;
    },
  };
}
