import { describeProviderPlan } from "@tinyloop/agent-files";
import {
  type AgentServer,
  checkCanListen,
  createAgentServer,
  modelNameFor,
  type ServerSettings,
  serverSettingsFromEnv,
  servingQuestions,
} from "@tinyloop/agent-server";
import { toolFormatLine } from "@tinyloop/terminal-text";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { modelTimeoutSettings } from "../model-timeout-options.js";
import { prepareRun } from "../run/prepare-run.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openSession } from "../session/open-session.js";
import { startSession } from "../session/start-session.js";
import { unattendedProgress } from "../session/unattended-progress.js";
import { styleFor } from "../terminal/style.js";
import { serveAgentServerOptions } from "./serve-agent-server.js";
import { serveBanner } from "./serve-banner.js";
import type { ServeFlags } from "./serve-flags.js";
import { serveShutdown } from "./serve-shutdown.js";
import { serveStartError } from "./serve-start-error.js";

/**
 * `tinyloop serve [AGENT]`: the agent as an OpenAI-compatible HTTP server with a chat page.
 * The MCP servers start once and are shared; each request runs its own agent. Nobody
 * approves calls here: the agent server refuses them per --yes / --allow-tool (or asks the
 * page or the /mcp client). Resolves only when startup fails: SIGTERM / Ctrl+C drain
 * in-flight requests (up to `--grace`), then close the HTTP server, the MCP servers and the
 * model through `lifecycle`.
 */
export async function serveCommand(
  agentArg: string | undefined,
  flags: ServeFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stderr, flags, io.env);
  const settings = await listenSettings(flags, io.env);
  // The model flags are run's, but for the key: serve's --api-key-env is the server's own.
  const prepared = await prepareRun(agentArg, { ...flags, apiKeyEnv: flags.modelApiKeyEnv }, io);
  // Without --name, the agent's name; the default agent has none of its own: `tinyloop-agent`.
  const { spec } = prepared;
  const modelName =
    settings.modelName ?? modelNameFor(spec.file === undefined ? undefined : spec.name);
  settings.modelName = modelName;
  let server: AgentServer | undefined;
  // Requests drain before the servers they use go away.
  const starting = startSession(prepared, flags, io, lifecycle, async () =>
    server?.close({ graceMs: flags.grace * 1000 }),
  );
  serveShutdown(lifecycle, { io, style, grace: flags.grace, server: () => server });
  const progress = unattendedProgress(io, style, { verbose: flags.verbose === true, lifecycle });
  const model = {
    ...modelTimeoutSettings(flags),
    settingNames: FLAG_HINTS.modelSettings,
    onWarning: (message: string) => io.stderr.write(`${style.yellow(`warning: ${message}`)}\n`),
    // The switch happens once, on the first request that needs it: a line for --verbose.
    onToolFormatSwitch: (change: Parameters<typeof toolFormatLine>[0]) => {
      if (flags.verbose) io.stderr.write(`${style.dim(toolFormatLine(change))}\n`);
    },
  };
  const session = await openSession(
    starting,
    {
      model,
      progress,
      // Forms go to the page (--approve-in-page) or the /mcp client (--mcp) when they can.
      ...servingQuestions(() => server, {
        forms: flags.mcp === true || flags.approveInPage === true,
      }),
    },
    { flags, io, lifecycle, style, statusLine: progress },
  );
  if (typeof session === "number") return session;
  try {
    server = createAgentServer(serveAgentServerOptions(session, settings, { flags, io, style }));
    const url = await server.listen();
    const { apiKeyEnv, mcp = false, grace } = flags;
    const plan = describeProviderPlan(prepared.plan);
    io.stderr.write(
      serveBanner(
        { server, session, url },
        { model: plan, modelName, apiKeyEnv, mcp, grace, style },
      ),
    );
  } catch (error) {
    throw serveStartError(error);
  }
  // Serve until a signal closes everything and exits the process.
  return new Promise<number>(() => {});
}

/**
 * The server's settings from the flags, checked before anything starts (reading the agent,
 * the MCP servers, a model download): a bad port or key, a non-loopback host without a key
 * and a busy port are usage errors at once, their messages naming the flags.
 */
async function listenSettings(flags: ServeFlags, env: Io["env"]): Promise<ServerSettings> {
  try {
    const settings = serverSettingsFromEnv(
      {
        ...(flags.name === undefined ? {} : { modelName: flags.name }),
        host: flags.host,
        ...(flags.port === undefined ? {} : { port: flags.port }),
        maxConcurrency: flags.maxConcurrency,
        maxBodyBytes: flags.maxBody,
        hints: FLAG_HINTS.serve,
        ...(flags.apiKeyEnv === undefined ? {} : { apiKeyEnv: flags.apiKeyEnv }),
        apiKeyHints: FLAG_HINTS.serveApiKey,
      },
      env,
    );
    await checkCanListen(settings);
    return settings;
  } catch (error) {
    throw serveStartError(error);
  }
}
