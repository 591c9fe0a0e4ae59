import type { AgentFileServer } from "@tinyloop/agent-files";
import { withAdHocServers, withSandboxChoice } from "@tinyloop/agent-files";
import {
  type AskQuestion,
  agentRoots,
  describeServers,
  inspectServers,
} from "@tinyloop/agent-session";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { ToolRegistry } from "@tinyloop/registry";
import {
  serverSandboxLines,
  serverStatusLine,
  serverToolLines,
  statusLine,
} from "@tinyloop/terminal-text";
import { giveHuggingFaceToken } from "../agent/hugging-face-token.js";
import { readAgent } from "../agent/read-agent.js";
import { CLI_CLIENT_INFO } from "../cli-version.js";
import type { Io } from "../io.js";
import { EXIT } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { RunFlags } from "../run/run-flags.js";
import { withBundledServers } from "../session/bundled-servers.js";
import { cliOAuthOptions } from "../session/cli-oauth.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { questionReader } from "../terminal/question-reader.js";
import { type Style, styleFor } from "../terminal/style.js";
import { waitingLine } from "./waiting-line.js";

/** Flags shared by the `mcp` commands: those of `run` that say which servers and how to show them. */
export type ServerFlags = Pick<
  RunFlags,
  | "server"
  | "url"
  | "verbose"
  | "color"
  | "json"
  | "lazy"
  | "maxConcurrentStarts"
  | "from"
  | "sandbox"
>;

/**
 * Reads the agent and connects its servers (plus `--server` / `--url`) into a fresh registry
 * (agent-session's `inspectServers`: forms and roots offered as `run` does, so servers list
 * the same tools to `mcp tools` as to the REPL's `/tools`).
 */
export async function connectAgentServers(
  agentArg: string | undefined,
  flags: ServerFlags,
  io: Io,
  lifecycle: Lifecycle,
  { style }: { style: Style },
): Promise<{ registry: ToolRegistry; hub: McpHub; servers: AgentFileServer[] }> {
  // With only --server/--url given, inspect just those instead of the default agent.
  const adHocOnly =
    agentArg === undefined &&
    flags.from === undefined &&
    (flags.server.length > 0 || flags.url.length > 0);
  const spec = adHocOnly
    ? { format: "default" as const, name: "ad hoc", inputs: [], servers: [], warnings: [] }
    : // No model is started here, so its key is never asked for.
      await readAgent(agentArg, io, {
        expandModel: false,
        from: flags.from,
        sandbox: flags.sandbox,
      });
  const servers = withSandboxChoice(
    giveHuggingFaceToken(
      withAdHocServers(spec.servers, {
        commands: flags.server,
        urls: flags.url,
        labels: FLAG_HINTS.adHocServers,
      }),
      io,
    ),
    flags.sandbox,
  );
  const progress = statusLine({
    out: io.stderr,
    live: io.stderr.isTTY === true,
    style,
    verbose: flags.verbose === true,
  });
  lifecycle.addLastWords(() => progress.flush());
  // Said at once, so a server that never answers is not a silent hang (lazy ones start later).
  if (flags.lazy !== true) {
    const waiting = waitingLine(servers.filter((s) => s.enabled).map((s) => s.name));
    if (waiting) io.stderr.write(`${style.dim(waiting)}\n`);
  }
  let hub: McpHub | undefined;
  lifecycle.add(async () => hub?.close());
  const inspected = await inspectServers(withBundledServers(servers), progress, {
    lazy: flags.lazy === true,
    ...(flags.maxConcurrentStarts ? { maxConcurrentStarts: flags.maxConcurrentStarts } : {}),
    watchdog: true,
    signal: lifecycle.signal,
    clientInfo: CLI_CLIENT_INFO,
    // A form is asked on the terminal (declined without one); these commands start no model.
    ask: formAsker(io, style, lifecycle),
    roots: agentRoots(spec, io.cwd),
    samplingRefusal:
      "sampling needs the agent's model, and tinyloop mcp call starts none; let the agent call this tool: tinyloop run AGENT",
    oauth: cliOAuthOptions({
      env: io.env,
      stderr: io.stderr,
      interactive: io.stdin.isTTY === true,
    }),
  });
  hub = inspected.hub;
  progress.finish();
  return { ...inspected, servers };
}

/** Servers' forms asked on the terminal, its reader opened at the first one; none off a terminal. */
function formAsker(io: Io, style: Style, lifecycle: Lifecycle): AskQuestion | undefined {
  if (io.stdin.isTTY !== true) return undefined;
  let reader: ReturnType<typeof questionReader> | undefined;
  return (question, signal) => {
    if (!reader) {
      const opened = questionReader({ input: io.stdin, output: io.stderr, style });
      lifecycle.add(async () => opened.close());
      reader = opened;
    }
    return reader.ask(question, signal);
  };
}

/**
 * `tinyloop mcp tools`: each server's tools under the names the agent sees, their
 * descriptions, and what the filters (or collisions) skipped. Exit 1 when a server failed.
 */
export async function mcpToolsCommand(
  agentArg: string | undefined,
  flags: ServerFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stdout, flags, io.env);
  const connected = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const servers = describeServers(connected.hub, connected.registry, connected.servers);
  if (flags.json) io.stdout.write(`${JSON.stringify(servers, null, 2)}\n`);
  else {
    // The same server line as the REPL's /servers, then the tools as the model sees them.
    for (const server of servers) {
      const width = io.stdout.isTTY ? io.stdout.columns : undefined;
      const lines = [
        serverStatusLine(server, style),
        ...serverSandboxLines(server, style),
        ...serverToolLines(server, style, width),
      ];
      io.stdout.write(`${lines.join("\n")}\n`);
    }
  }
  return servers.some((s) => s.state === "failed") ? EXIT.runError : EXIT.ok;
}
