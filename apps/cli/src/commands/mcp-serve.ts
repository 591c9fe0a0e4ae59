import {
  type AgentMcpServer,
  AgentServerError,
  agentToolNameProblem,
  callerServerEvents,
  createAgentMcpServer,
  servingQuestions,
} from "@tinyloop/agent-server";
import type { AgentSession } from "@tinyloop/agent-session";
import { configSecrets, maskSecrets } from "@tinyloop/mcp-transport";
import { CliError } from "../cli-error.js";
import { CLI_VERSION } from "../cli-version.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { prepareRun } from "../run/prepare-run.js";
import type { AgentFlags } from "../run/run-flags.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openSession } from "../session/open-session.js";
import { startSession } from "../session/start-session.js";
import { unattendedProgress } from "../session/unattended-progress.js";
import { styleFor } from "../terminal/style.js";

/** Flags of `tinyloop mcp serve`: those of `run` that apply (`--api-key-env` is the model's). */
export interface McpServeFlags extends AgentFlags {
  /** `--tool-name`: the tool's name instead of `ask_<agent>`. */
  toolName?: string;
  /** `--description`: the tool's description instead of the one taken from the prompt. */
  description?: string;
  /** `--keep-context`: one conversation per MCP session instead of a fresh run per call. */
  keepContext?: boolean;
  allowTool: string[];
}

/**
 * `tinyloop mcp serve [AGENT]`: the agent as an MCP server on stdin/stdout, one tool
 * (`ask_<agent>`). Its own MCP servers start once, before the first message is read, and
 * every call shares them. stdout carries only the protocol; what a person would read goes to
 * stderr. Ends (closing the servers) when the client closes stdin, or on a signal.
 */
export async function mcpServeCommand(
  agentArg: string | undefined,
  flags: McpServeFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stderr, flags, io.env);
  // A bad name is a usage error before anything starts.
  const badName = agentToolNameProblem(flags.toolName, {
    setting: "--tool-name",
    example: "--tool-name ask_researcher",
  });
  if (badName) throw new CliError({ code: "USAGE", message: badName });
  const prepared = await prepareRun(agentArg, flags, io);
  // Made once the servers are up; no call (and so no question) can come before.
  let server: AgentMcpServer | undefined;
  const starting = startSession(prepared, flags, io, lifecycle, async () => server?.close());
  const progress = unattendedProgress(io, style, {
    verbose: flags.verbose === true,
    lifecycle,
    events: callerServerEvents(() => server),
  });
  const session = await openSession(
    starting,
    {
      model: { settingNames: FLAG_HINTS.modelSettings },
      progress,
      // The servers' questions go to the client whose call is running.
      ...servingQuestions(() => server, { forms: true }),
    },
    { flags, io, lifecycle, style, statusLine: progress },
  );
  if (typeof session === "number") return session;
  server = agentMcpServer(session, flags);
  // The client closed our stdin: it is done with us.
  io.stdin.once("end", () => void lifecycle.exit(EXIT.ok));
  await server.connectStdio(io.stdin, io.stdout);
  const tools = session.registry.list().length;
  io.stderr.write(
    `${style.bold("tinyloop mcp serve")} · ${session.file.file ?? "default agent"} · tool ${server.tool.name} · ${tools} tools of its own · ready on stdio\n`,
  );
  // Serve until the client goes away or a signal closes everything.
  return new Promise<number>(() => {});
}

/** The MCP server of the agent under the flags; its setup errors are usage errors. */
function agentMcpServer(session: AgentSession, flags: McpServeFlags): AgentMcpServer {
  const agent = session.settings();
  const spec = session.file;
  try {
    return createAgentMcpServer({
      ...agent,
      model: session.model,
      registry: session.registry,
      version: CLI_VERSION,
      // The default agent has no name of its own: its tool is `ask_agent`.
      agentName: spec.file === undefined ? undefined : spec.name,
      ...(flags.toolName === undefined ? {} : { toolName: flags.toolName }),
      ...(flags.description === undefined ? {} : { description: flags.description }),
      keepContext: flags.keepContext === true,
      // Log messages to the client mask what the servers' configs hold, as stderr does.
      redact: maskSecrets(spec.servers.flatMap((entry) => configSecrets(entry.config))),
      samplingHint:
        "the operator can allow it by restarting `tinyloop mcp serve` with --yes, or by calling the agent from a client that answers elicitation",
      approval: {
        mode: flags.yes ? "never" : agent.approval.mode,
        allow: [...flags.allowTool, ...agent.approval.allow],
        hint: (tool) =>
          `the operator can allow it by restarting \`tinyloop mcp serve\` with --allow-tool ${tool} (or --yes for every tool)`,
      },
    });
  } catch (error) {
    if (!AgentServerError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
}
