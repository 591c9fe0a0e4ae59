import type { ToolCallFormatSetting } from "@tinyloop/agent-files";
import { describeProviderPlan } from "@tinyloop/agent-files";
import {
  type AgentServer,
  AgentServerError,
  agentToolName,
  apiKeyFromEnv,
  checkCanListen,
  checkServerOptions,
  createAgentServer,
  formatRequestLog,
  modelNameFor,
  type ServerSettings,
} from "@tinyloop/agent-server";
import {
  createModel,
  fileChangeLines,
  sessionTracing,
  toolFormatLine,
} from "@tinyloop/agent-session";
import type { ChatModel } from "@tinyloop/inference-adapters";
import { isProviderKeyVariable } from "@tinyloop/inference-adapters/presets";
import type { McpHub } from "@tinyloop/mcp-registration";
import { CliError } from "../cli-error.js";
import { CLI_VERSION } from "../cli-version.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { type ModelTimeoutFlags, modelTimeoutSettings } from "../model-timeout-options.js";
import { prepareRun } from "../run/prepare-run.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openUnattendedSession } from "../session/open-unattended-session.js";
import { type OtlpFlags, otlpSettings } from "../telemetry/otlp-settings.js";
import { styleFor } from "../terminal/style.js";
import { servePort } from "./serve-port.js";
import { serveStartError } from "./serve-start-error.js";
import { serveCurlExample } from "./serve-try-line.js";

/** Flags of `tinyloop serve`. */
export interface ServeFlags extends OtlpFlags, ModelTimeoutFlags {
  /** `--port`; absent: `PORT`, else the default (see `servePort`). */
  port?: number;
  host: string;
  /** Variable holding the key clients must send (the server's key, not the model's). */
  apiKeyEnv?: string;
  maxConcurrency: number;
  maxBody: number;
  grace: number;
  name?: string;
  /** `--mcp`: also the agent as a Streamable HTTP MCP server at `/mcp`. */
  mcp?: boolean;
  yes?: boolean;
  /** `--approve-in-page`: calls that need approval are asked in the chat page, not refused. */
  approveInPage?: boolean;
  /** `--allow-image-urls`: fetch images given as http(s) URLs. */
  allowImageUrls?: boolean;
  allowTool: string[];
  model?: string;
  provider?: string;
  endpointUrl?: string;
  /** Variable holding the model's API key (`run`'s --api-key-env). */
  modelApiKeyEnv?: string;
  cassette?: string;
  maxTurns?: number;
  /** `--tool-search auto|always|never`: as in `run`, for every request's agent. */
  toolSearch?: "auto" | "always" | "never";
  /** `--end-when text|two-texts`: as in `run`, for every request's agent. */
  endWhen?: "text" | "two-texts";
  /** `--tool-format`: as in `run` (checked by `prepareRun`). */
  toolFormat?: ToolCallFormatSetting;
  /** `--reasoning low|medium|high|<tokens>`: as in `run` (checked by `prepareRun`). */
  reasoning?: string;
  /** `--lazy`: each server starts on the first call of one of its tools. */
  lazy?: boolean;
  /** `--max-concurrent-starts N`: servers starting at once (default 2 × CPU cores). */
  maxConcurrentStarts?: number;
  /** Serve even when servers are configured but none connected (otherwise exit 1, as `run`). */
  allowNoServers?: boolean;
  server: string[];
  url: string[];
  /** `--from CLIENT|all`: as in `run`. */
  from?: string;
  verbose?: boolean;
  color: boolean;
}

/** Time left to close the MCP servers after the grace (their own shutdown takes up to 10 s). */
const CLOSE_SERVERS_MS = 15_000;

/**
 * The server's settings from the flags, checked before anything starts (reading the agent,
 * the MCP servers, a model download): a non-loopback host without a key, or an unusable key
 * variable, is a usage error at once.
 */
function serverSettings(flags: ServeFlags, io: Io): ServerSettings {
  try {
    const settings: ServerSettings = {
      ...(flags.name === undefined ? {} : { modelName: flags.name }),
      host: flags.host,
      port: servePort(flags.port, io.env),
      maxConcurrency: flags.maxConcurrency,
      maxBodyBytes: flags.maxBody,
      hints: FLAG_HINTS.serve,
      ...(flags.apiKeyEnv === undefined ? {} : { apiKey: apiKeyFromEnv(flags.apiKeyEnv, io.env) }),
    };
    checkServerOptions(settings);
    return settings;
  } catch (error) {
    if (!AgentServerError.isInstance(error)) throw error;
    // apiKeyFromEnv's messages start with the variable's name: say which flag named it.
    const providerKey = flags.apiKeyEnv !== undefined && isProviderKeyVariable(flags.apiKeyEnv);
    const message =
      error.code === "KEY_INVALID"
        ? `--api-key-env ${error.message}; the model's key is --model-api-key-env${providerKey ? ` ${flags.apiKeyEnv}` : ""}`
        : error.message;
    throw new CliError({ code: "USAGE", message, cause: error });
  }
}

/**
 * `tinyloop serve [AGENT]`: the agent as an OpenAI-compatible HTTP server with a chat page.
 * The MCP servers start once and are shared; each request runs its own agent. Resolves
 * only when startup fails: SIGTERM / Ctrl+C drain in-flight requests (up to `--grace`),
 * then close the HTTP server, the MCP servers and the model through `lifecycle`.
 */
export async function serveCommand(
  agentArg: string | undefined,
  flags: ServeFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stderr, flags, io.env);
  const settings = serverSettings(flags, io);
  // A busy port is refused before any MCP server or model starts.
  await checkCanListen(settings).catch((error: unknown) => Promise.reject(serveStartError(error)));
  // The model flags are run's, but for the key: serve's --api-key-env is the server's own.
  const { spec, plan, choice, toolCallFormat, reasoning } = await prepareRun(
    agentArg,
    { ...flags, apiKeyEnv: flags.modelApiKeyEnv },
    io,
  );
  // Without --name, the agent's name; the default agent has none of its own: `tinyloop-agent`.
  settings.modelName ??= modelNameFor(spec.file === undefined ? undefined : spec.name);

  let server: AgentServer | undefined;
  let hub: McpHub | undefined;
  let model: ChatModel | undefined;
  const graceMs = flags.grace * 1000;
  // One closer, in order: requests drain before the servers they use go away.
  lifecycle.add(async () => {
    await server?.close({ graceMs });
    await Promise.allSettled([hub?.close(), model?.close?.()]);
  });
  // The lifecycle's first close() sets its bound: make room for the grace.
  const closeWithGrace = () => void lifecycle.close(graceMs + CLOSE_SERVERS_MS);
  process.prependOnceListener("SIGTERM", closeWithGrace);
  let interrupted = false;
  lifecycle.onInterrupt = () => {
    if (interrupted) {
      io.stderr.write(style.yellow("stopping the requests still running\n"));
      void server?.close({ graceMs: 0 });
      return;
    }
    interrupted = true;
    void server?.close({
      graceMs,
      onWaiting: (inFlight) =>
        io.stderr.write(
          style.yellow(
            `waiting up to ${flags.grace} s for ${inFlight} request(s) to finish (Ctrl+C again stops them)\n`,
          ),
        ),
    });
    closeWithGrace();
    void lifecycle.exit(EXIT.interrupted);
  };

  model = await createModel(plan, choice, io.env, {
    ...modelTimeoutSettings(flags),
    toolCallFormat,
    settingNames: FLAG_HINTS.modelSettings,
    ...(reasoning ? { reasoning } : {}),
    onWarning: (message) => io.stderr.write(`${style.yellow(`warning: ${message}`)}\n`),
    // The switch happens once, on the first request that needs it: a line for --verbose.
    onToolFormatSwitch: (change) => {
      if (flags.verbose) io.stderr.write(`${style.dim(toolFormatLine(change))}\n`);
    },
  });
  // Nobody approves calls here: the agent server refuses them per --yes / --allow-tool (or,
  // with --mcp, asks the /mcp client that declared elicitation).
  const session = await openUnattendedSession({
    spec,
    model,
    flags,
    io,
    lifecycle,
    style,
    onHub: (h) => {
      hub = h;
    },
    // The servers' sampling is answered by the agent's own model once the server approves it
    // (--yes, or the page or /mcp caller asked); their forms go, with --approve-in-page, to the
    // page of the one running chat completion, and with --mcp to the /mcp client whose call is
    // running, as in `mcp serve`; declined when nobody can be asked.
    asking: {
      approveSampling: (request, context) =>
        server?.approveSampling(request, context) ?? {
          approved: false,
          reason: "the agent is not serving yet",
        },
      ...(flags.mcp || flags.approveInPage
        ? {
            onElicit: async (question, context) =>
              (await server?.askElicitation(question, context)) ?? { action: "decline" },
          }
        : {}),
    },
  });
  if (typeof session === "number") return session;

  try {
    // The agent's prompt, turns, concurrency and approval, its `autoApprove` lists included.
    const agent = session.settings();
    server = createAgentServer({
      ...settings,
      ...agent,
      model,
      registry: session.registry,
      hub: session.hub,
      mcp: flags.mcp === true && { version: CLI_VERSION },
      // Spans only when --otlp or OTEL_EXPORTER_OTLP_* registered an SDK (program.ts).
      tracing: sessionTracing(session.file, {
        captureContent: otlpSettings(flags, io.env)?.captureContent === true,
      }),
      approval: {
        mode: flags.yes ? "never" : agent.approval.mode,
        allow: [...flags.allowTool, ...agent.approval.allow],
        hint: (tool) =>
          `the operator can allow it by restarting \`tinyloop serve\` with --allow-tool ${tool} (or --yes for every tool)${flags.approveInPage ? "; with --approve-in-page it is asked only in streaming requests, such as the chat page's" : ""}`,
        inPage: flags.approveInPage === true,
        // The page's question shows a file write's diff against the file, as the REPL's does.
        changeLines: fileChangeLines,
      },
      samplingHint: `the operator can allow it by restarting \`tinyloop serve\` with --yes${flags.mcp ? ", or by calling the agent through /mcp from a client that answers elicitation" : ""}${flags.approveInPage ? "; with --approve-in-page it is asked in the chat page while the page's request is the only one running" : ""}`,
      fetchImageUrls: flags.allowImageUrls === true,
      imageUrlsHint:
        "the operator can allow them by restarting `tinyloop serve` with --allow-image-urls",
      onRequest: flags.verbose
        ? (log) => io.stderr.write(style.dim(`${formatRequestLog(log)}\n`))
        : undefined,
    });
    const url = await server.listen();
    const tools = session.registry.list().length;
    const servers = session.hub.servers();
    const ready = servers.filter((s) => s.state === "ready").length;
    // --lazy: a server known from the manifest cache is idle, its tools there; it starts on use.
    const idle = servers.filter((s) => s.state === "idle").length;
    const lazyNote = idle > 0 ? ` (${idle} lazy: starts on first use)` : "";
    // A key from the environment is never printed: the link leaves it out and the page asks.
    const chatPage = server.apiKeyGenerated
      ? style.cyan(server.chatPageUrl ?? url)
      : `${style.cyan(`${url}/`)}${style.dim(`  (the page asks for the key: the value of $${flags.apiKeyEnv})`)}`;
    io.stderr.write(
      `${style.bold("tinyloop serve")} · ${spec.file ?? "default agent"} · model: ${describeProviderPlan(plan)} · ${ready + idle}/${servers.length} servers${lazyNote} · ${tools} tools\n` +
        `  chat page  ${chatPage}\n` +
        `  API        ${url}/v1  (model "${settings.modelName}", Authorization: Bearer <key>)\n` +
        (flags.mcp
          ? `  MCP        ${url}/mcp  (Streamable HTTP, tool ${agentToolName(settings.modelName)}, same key)\n`
          : "") +
        `  key        ${server.apiKeyGenerated ? `${server.apiKey}  (generated for this run; --api-key-env NAME sets one)` : `from $${flags.apiKeyEnv} (not printed)`}\n` +
        `  try it     ${serveCurlExample({ url, modelName: settings.modelName, key: server.apiKeyGenerated ? { generated: server.apiKey } : { variable: flags.apiKeyEnv ?? "" } })}\n` +
        style.dim(`Ctrl+C or SIGTERM stops; requests in flight get ${flags.grace} s to finish.\n`),
    );
  } catch (error) {
    throw serveStartError(error);
  }
  // Serve until a signal closes everything and exits the process.
  return new Promise<number>(() => {});
}
