import type { CreateModelOptions } from "@tinyloop/agent-session";
import {
  type AgentSession,
  agentRoots,
  askingOptions,
  serverStateEvents,
  sessionEventHooks,
  sessionStartEvent,
  toolFormatEvent,
} from "@tinyloop/agent-session";
import type {
  OpenStartedSessionOptions,
  StartingAgentSession,
} from "@tinyloop/agent-session/start";
import {
  offeredToolsLine,
  serverLogLine,
  sessionStartLine,
  toolFormatLine,
  toolLoadWarning,
} from "@tinyloop/terminal-text";
import type { MarkdownBlocks } from "@tinyloop/terminal-text/markdown";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { modelTimeoutSettings } from "../model-timeout-options.js";
import { cliOAuthOptions } from "../session/cli-oauth.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openSession } from "../session/open-session.js";
import { otlpSettings } from "../telemetry/otlp-settings.js";
import { downloadBar } from "../terminal/download-bar.js";
import type { PreparedRun } from "./prepare-run.js";
import { runRepl } from "./repl.js";
import {
  type RunConversation,
  restoreConversation,
  savedConversationLine,
  startConversation,
} from "./run-conversation.js";
import type { RunFlags } from "./run-flags.js";
import { runOneShot } from "./run-one-shot.js";
import { type RunOutput, runOutput } from "./run-output.js";
import { type RunQuestions, runQuestions } from "./run-questions.js";
import { type RunServerOutput, runServerOutput } from "./run-server-output.js";

/** What `startRun` hands over: the agent read and its model decided, its servers booting. */
export interface StartedRun {
  prepared: PreparedRun;
  starting: StartingAgentSession;
  /** The conversation `--continue` / `--resume` put back, and where the run is saved. */
  conversation: RunConversation;
}

/**
 * `tinyloop run [AGENT]`, once the agent is read and its servers are starting: opens the
 * session, checks it, then runs the REPL, or the prompt once with `-p`. Resolves the exit
 * code; every server is closed through `lifecycle` on every path (`startRun` registered
 * `starting.close`).
 */
export async function runCommand(
  flags: RunFlags,
  io: Io,
  lifecycle: Lifecycle,
  { prepared, starting, conversation: saved }: StartedRun,
): Promise<number> {
  const output = runOutput(flags, io);
  const questions = runQuestions(flags, io, prepared.spec, output.errStyle, lifecycle);
  const servers = runServerOutput(flags, io, output.errStyle, lifecycle);
  const session = await openSession(
    starting,
    sessionOptions(flags, io, { prepared, output, questions, servers }),
    { flags, io, lifecycle, style: output.errStyle, statusLine: servers.progress },
  );
  if (typeof session === "number") return session;
  // --continue / --resume put a saved conversation back first, with the tools it had loaded.
  restoreConversation(saved, session);
  reportOpenedSession(session, flags, io, output);
  // Saved after each turn in the state directory.
  const conversation = startConversation({
    conversation: saved,
    session,
    spec: prepared.spec,
    io,
    style: output.errStyle,
    json: output.json,
    lifecycle,
  });
  const markdown = await markdownFor(io, output);
  if (flags.prompt === undefined) {
    const code = await runRepl({
      conversation,
      ...(markdown ? { markdown } : {}),
      session,
      io,
      style: output.style,
      verbose: flags.verbose === true,
      showReasoning: flags.showReasoning === true,
      ...(flags.results ? { results: flags.results } : {}),
      timeline: flags.timeline === true,
      json: output.json,
      setAsk: questions.setReplAsk,
      lifecycle,
      serverLines: servers.serverLines,
    });
    await conversation.settled();
    if (conversation.id && !output.json)
      io.stderr.write(`${savedConversationLine(conversation.id, output.errStyle)}\n`);
    return code;
  }
  return runOneShot(session, flags.prompt, {
    flags,
    io,
    lifecycle,
    output,
    markdown,
    conversation,
  });
}

/** How the model is made: the timeout and format flags, the download bar, warnings. */
function modelOptions(
  { output }: { output: RunOutput },
  flags: RunFlags,
  io: Io,
): CreateModelOptions {
  const { json, emit, errStyle } = output;
  const showDownload = downloadBar(io.stderr, io.stderr.isTTY === true);
  return {
    ...modelTimeoutSettings(flags),
    settingNames: FLAG_HINTS.modelSettings,
    onDownloadProgress: (report) => {
      if (!json) showDownload(report);
    },
    // A reasoning setting the provider cannot take: one line, the run goes on.
    onWarning: (message) => io.stderr.write(`${errStyle.yellow(`warning: ${message}`)}\n`),
    // auto left native tools (once): a --json event, a --verbose line.
    onToolFormatSwitch: (change) => {
      if (json) emit(toolFormatEvent(change));
      else if (flags.verbose) io.stderr.write(`${errStyle.dim(toolFormatLine(change))}\n`);
    },
  };
}

/** The session's options from the flags and the terminal: model, questions, servers' output. */
function sessionOptions(
  flags: RunFlags,
  io: Io,
  parts: {
    prepared: PreparedRun;
    output: RunOutput;
    questions: RunQuestions;
    servers: RunServerOutput;
  },
): OpenStartedSessionOptions {
  const { prepared, output, questions, servers } = parts;
  const { spec, plan, choice } = prepared;
  const { json, emit, errStyle } = output;
  return {
    model: modelOptions(parts, flags, io),
    // The model is made: the session's first line (or event), before any server connects.
    onModel: () => {
      if (json) emit(sessionStartEvent(spec, plan, choice));
      else
        io.stderr.write(
          errStyle.dim(
            `tinyloop · ${sessionStartLine(sessionStartEvent(spec, plan, choice), plan)}\n`,
          ),
        );
    },
    // Tool approval, servers' forms (elicitation) and sampling, all asked through `ask`;
    // Cline/Roo `autoApprove` tools run without asking (the session applies the file's lists).
    ...askingOptions(questions.ask, {
      approval: spec.approval,
      yes: flags.yes,
      allow: flags.allowTool ?? [],
      show: questions.showCall,
      ...(questions.editArguments ? { editArguments: questions.editArguments } : {}),
      style: errStyle,
      howToAllow: { tools: FLAG_HINTS.allowTools, sampling: FLAG_HINTS.allowSampling },
    }),
    roots: agentRoots(spec, io.cwd),
    // The spans exist only when --otlp or OTEL_EXPORTER_OTLP_* registered an SDK (program.ts).
    tracing: { captureContent: otlpSettings(flags, io.env)?.captureContent === true },
    // --json streams failed servers and server logs as events (--verbose lines stay on
    // stderr); otherwise the status line shows them, and --verbose the logs.
    ...(json
      ? sessionEventHooks(emit, { verbose: servers.progress.verbose })
      : {
          progress: servers.progress,
          onServerLog: (log) => {
            if (flags.verbose) servers.serverLog(serverLogLine(log));
          },
        }),
    // On a terminal a server that needs a login opens the browser; elsewhere the error
    // says to run `tinyloop mcp login NAME`.
    oauth: cliOAuthOptions({
      env: io.env,
      stderr: servers.serverLines,
      interactive: io.stdin.isTTY === true,
    }),
    // --max-turns, --tool-search, --end-when and the refusal without servers: openSession's.
  };
}

/**
 * What the person learns once the servers are up: a warning about too many tools, the
 * offered tools under `--verbose`, the servers' states as `--json` events.
 */
function reportOpenedSession(
  session: AgentSession,
  flags: RunFlags,
  io: Io,
  { json, emit, errStyle }: RunOutput,
): void {
  // Only what is really sent: tools kept back behind tool_search are not.
  const offered = new Set(session.agent.offeredTools);
  const tooMany = toolLoadWarning(
    session.registry.list().filter((tool) => offered.has(tool.name)),
    { listCommand: FLAG_HINTS.listTools },
  );
  if (tooMany) io.stderr.write(`${errStyle.yellow(tooMany)}\n`);
  // --verbose: the names the model can call, as tiny-agents lists them at start.
  if (flags.verbose && !json) io.stderr.write(`${errStyle.dim(offeredToolsLine(session))}\n`);
  if (json) for (const event of serverStateEvents(session.hub, session.file.servers)) emit(event);
}

/**
 * Answers' Markdown rendered for a colour terminal (loaded only then); plain with NO_COLOR,
 * --no-color, --json and in a pipe.
 */
async function markdownFor(
  io: Io,
  { json, style }: RunOutput,
): Promise<MarkdownBlocks | undefined> {
  if (json || !style.enabled) return undefined;
  const { MarkdownBlocks } = await import("@tinyloop/terminal-text/markdown");
  return new MarkdownBlocks({ ...(io.stdout.columns ? { width: io.stdout.columns } : {}) });
}
