import type { ToolCallFormatSetting } from "@tinyloop/agent-files";
import {
  type AgentMcpServer,
  AgentServerError,
  createAgentMcpServer,
} from "@tinyloop/agent-server";
import { createModel } from "@tinyloop/agent-session";
import { expectedGot } from "@tinyloop/errors";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import { configSecrets, maskSecrets } from "@tinyloop/mcp-transport";
import { TOOL_NAME_PATTERN } from "@tinyloop/registry";
import { CliError } from "../cli-error.js";
import { CLI_VERSION } from "../cli-version.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { prepareRun } from "../run/prepare-run.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openUnattendedSession } from "../session/open-unattended-session.js";
import { styleFor } from "../terminal/style.js";

/** Flags of `tinyloop mcp serve`. */
export interface McpServeFlags {
  /** `--tool-name`: the tool's name instead of `ask_<agent>`. */
  toolName?: string;
  /** `--description`: the tool's description instead of the one taken from the prompt. */
  description?: string;
  /** `--keep-context`: one conversation per MCP session instead of a fresh run per call. */
  keepContext?: boolean;
  yes?: boolean;
  allowTool: string[];
  model?: string;
  provider?: string;
  endpointUrl?: string;
  /** Variable holding the model's API key (as for run). */
  apiKeyEnv?: string;
  cassette?: string;
  maxTurns?: number;
  toolSearch?: "auto" | "always" | "never";
  endWhen?: "text" | "two-texts";
  toolFormat?: ToolCallFormatSetting;
  lazy?: boolean;
  maxConcurrentStarts?: number;
  allowNoServers?: boolean;
  server: string[];
  url: string[];
  verbose?: boolean;
  color: boolean;
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
  checkToolNameFlag(flags.toolName);
  const { spec, plan, choice, toolCallFormat } = await prepareRun(agentArg, flags, io);
  let hub: McpHub | undefined;
  let model: ChatModel | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  lifecycle.add(async () => {
    await closeServer?.();
    await Promise.allSettled([hub?.close(), model?.close?.()]);
  });
  model = await createModel(plan, choice, io.env, {
    toolCallFormat,
    settingNames: FLAG_HINTS.modelSettings,
  });
  // Made once the servers are up; no call (and so no question) can come before.
  let server: AgentMcpServer | undefined;
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
    // The servers' questions go to the client whose call is running; the model that answers
    // their sampling is the agent's own.
    asking: {
      onElicit: async (question, { signal }) =>
        (await server?.askCaller(question, signal)) ?? { action: "decline" },
      approveSampling: (request, context) =>
        server?.approveSampling(request, context) ?? {
          approved: false,
          reason: "the agent is not serving yet",
        },
    },
    serverEvents: {
      failed: (name, reason) => server?.log("error", `MCP server ${name} failed: ${reason}`),
      dropped: (name, reason) =>
        server?.log(
          "warning",
          `MCP server ${name} dropped${reason ? `: ${reason}` : ""}; restarting it`,
        ),
      back: (name, tools) =>
        server?.log("notice", `MCP server ${name} is back with ${tools} tools`),
    },
  });
  if (typeof session === "number") return session;
  const agent = session.settings();
  try {
    server = createAgentMcpServer({
      ...agent,
      model,
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
  const serving = server;
  closeServer = () => serving.close();
  // The client closed our stdin: it is done with us.
  io.stdin.once("end", () => void lifecycle.exit(EXIT.ok));
  await serving.connectStdio(io.stdin, io.stdout);
  const tools = session.registry.list().length;
  io.stderr.write(
    `${style.bold("tinyloop mcp serve")} · ${spec.file ?? "default agent"} · tool ${serving.tool.name} · ${tools} tools of its own · ready on stdio\n`,
  );
  // Serve until the client goes away or a signal closes everything.
  return new Promise<number>(() => {});
}

/** A bad `--tool-name` is a usage error before anything starts (the registry's name rule). */
function checkToolNameFlag(toolName: string | undefined): void {
  if (toolName === undefined || TOOL_NAME_PATTERN.test(toolName)) return;
  throw new CliError({
    code: "USAGE",
    message: expectedGot({
      path: "--tool-name",
      expected: "1–64 letters, digits, _ or - (the name MCP clients and models accept)",
      got: toolName,
      example: "--tool-name ask_researcher",
    }),
  });
}
