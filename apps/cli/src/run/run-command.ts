import { consumeRun } from "@tinyloop/agent-loop";
import {
  type AgentSession,
  type AskQuestion,
  agentRoots,
  askingOptions,
  createModel,
  doneLine,
  offeredToolsLine,
  openAgentSession,
  type SessionEvent,
  serverLogLine,
  serverStateEvents,
  sessionEventHooks,
  sessionStartEvent,
  sessionStartLine,
  toJsonLine,
  toolFormatEvent,
  toolFormatLine,
  toolLoadWarning,
  usageLine,
  visibleControls,
} from "@tinyloop/agent-session";
import type { PrestartedServers } from "@tinyloop/agent-session/prestart";
import type { McpHub } from "@tinyloop/mcp-registration";
import { rateLimitedLog } from "@tinyloop/mcp-transport";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { withBundledServers } from "../session/bundled-servers.js";
import { cliOAuthOptions } from "../session/cli-oauth.js";
import { noServerRefusal } from "../session/no-server-refusal.js";
import { sessionFlagOptions } from "../session/session-flag-options.js";
import { otlpSettings } from "../telemetry/otlp-settings.js";
import { abovePrompt } from "../terminal/above-prompt.js";
import { downloadBar } from "../terminal/download-bar.js";
import { editArgumentsOnTerminal } from "../terminal/edit-arguments.js";
import { EventPrinter } from "../terminal/event-printer.js";
import { questionReader } from "../terminal/question-reader.js";
import { styleFor } from "../terminal/style.js";
import { exitCodeFor } from "./done-reason.js";
import { type PreparedRun, prepareRun } from "./prepare-run.js";
import { runRepl } from "./repl.js";
import type { RunFlags } from "./run-flags.js";
import { statusLine } from "./status-line.js";

/**
 * `tinyloop run [AGENT]`: one-shot with `-p`, otherwise the REPL. Resolves the exit code;
 * every server is closed through `lifecycle` on every path.
 */
export async function runCommand(
  agentArg: string | undefined,
  flags: RunFlags,
  io: Io,
  lifecycle: Lifecycle,
  started?: { prepared: PreparedRun; prestarted: PrestartedServers },
): Promise<number> {
  const style = styleFor(io.stdout, flags, io.env);
  const errStyle = styleFor(io.stderr, flags, io.env);
  const { spec, plan, choice, toolCallFormat, reasoning } =
    started?.prepared ?? (await prepareRun(agentArg, flags, io));
  const json = flags.json === true;
  const emit = (event: SessionEvent) => io.stdout.write(toJsonLine(event));
  const oneShot = flags.prompt !== undefined;
  const tty = io.stdin.isTTY === true;

  const showDownload = downloadBar(io.stderr, io.stderr.isTTY === true);
  const model = await createModel(plan, choice, io.env, {
    ...(flags.modelIdleTimeout ? { idleTimeoutMs: flags.modelIdleTimeout * 1000 } : {}),
    ...(flags.modelTurnTimeout ? { turnTimeoutMs: flags.modelTurnTimeout * 1000 } : {}),
    timeoutSettingNames: { idle: "--model-idle-timeout", turn: "--model-turn-timeout" },
    onDownloadProgress: (report) => {
      if (!json) showDownload(report);
    },
    toolCallFormat,
    ...(reasoning ? { reasoning } : {}),
    // A reasoning setting the provider cannot take: one line, the run goes on.
    onWarning: (message) => io.stderr.write(`${errStyle.yellow(`warning: ${message}`)}\n`),
    // auto left native tools (once): a --json event, a --verbose line.
    onToolFormatSwitch: (change) => {
      if (json) emit(toolFormatEvent(change));
      else if (flags.verbose) io.stderr.write(`${errStyle.dim(toolFormatLine(change))}\n`);
    },
  });
  lifecycle.add(async () => model.close?.());

  if (json) emit(sessionStartEvent(spec, plan, choice));
  else io.stderr.write(errStyle.dim(`tinyloop · ${sessionStartLine(spec, plan)}\n`));

  // The REPL's own readline asks approvals; one-shot on a terminal reads the terminal from
  // now on, so lines typed ahead are never taken as answers.
  let replAsk: AskQuestion | undefined;
  const oneShotQuestions =
    tty && oneShot && !flags.yes && spec.approval !== "never"
      ? questionReader({ input: io.stdin, output: io.stderr, style: errStyle })
      : undefined;
  if (oneShotQuestions) lifecycle.add(async () => oneShotQuestions.close());
  const ask: AskQuestion | undefined = tty
    ? (question, signal) =>
        replAsk
          ? replAsk(question, signal)
          : (oneShotQuestions?.ask(question, signal) ?? Promise.resolve(undefined))
    : undefined;
  // The whole call is shown where its approval question is asked (the REPL's stdout, else stderr).
  const showCall = (text: string) => (replAsk ? io.stdout : io.stderr).write(`${text}\n`);
  const editArguments =
    ask &&
    editArgumentsOnTerminal({
      io,
      ask,
      style: errStyle,
      write: (text) => (replAsk ? io.stdout : io.stderr).write(text),
    });
  // Server lines after start-up (a failure, a reconnect, a log, a login URL) go through
  // this: at the REPL's prompt they are printed above it, not over it.
  const serverLines = abovePrompt(io.stderr);
  const progress = statusLine({
    out: serverLines,
    live: io.stderr.isTTY === true,
    style: errStyle,
    verbose: flags.verbose === true,
  });
  lifecycle.addLastWords(() => progress.flush());
  // A server's log lines under --verbose: floods of one kind cut, their count said at exit.
  const serverLogs = rateLimitedLog((line) => serverLines.write(`${errStyle.dim(line)}\n`));
  lifecycle.addLastWords(() => serverLogs.flush());
  // Exiting already (a signal while starting; its code wins): spawn no server now.
  if (lifecycle.signal.aborted) return EXIT.terminated;
  let hub: McpHub | undefined;
  lifecycle.add(async () => hub?.close());
  const session: AgentSession = await openAgentSession({
    // Bundled server bins (mcp-server-filesystem, playwright-mcp) run from the CLI's dependencies.
    agent: { ...spec, servers: withBundledServers(spec.servers) },
    model,
    // Tool approval, servers' forms (elicitation) and sampling, all asked through `ask`;
    // Cline/Roo `autoApprove` tools run without asking (the session applies the file's lists).
    ...askingOptions(ask, {
      approval: spec.approval,
      yes: flags.yes,
      allow: flags.allowTool ?? [],
      show: showCall,
      ...(editArguments ? { editArguments } : {}),
      style: errStyle,
    }),
    roots: agentRoots(spec, io.cwd),
    // The spans exist only when --otlp or OTEL_EXPORTER_OTLP_* registered an SDK (program.ts).
    tracing: { captureContent: otlpSettings(flags, io.env)?.captureContent === true },
    // --json streams failed servers and server logs as events (--verbose lines stay on
    // stderr); otherwise the status line shows them, and --verbose the logs.
    ...(json
      ? sessionEventHooks(emit, { verbose: progress.verbose })
      : {
          progress,
          onServerLog: (log) => {
            if (flags.verbose) serverLogs(serverLogLine(log));
          },
        }),
    // On a terminal a server that needs a login opens the browser; elsewhere the error
    // says to run `tinyloop mcp login NAME`.
    oauth: cliOAuthOptions({ env: io.env, stderr: serverLines, interactive: tty }),
    // --max-turns, --tool-search, --end-when, --lazy: decided as for `serve`.
    ...sessionFlagOptions(flags),
    // If the CLI is SIGKILLed no exit hook runs: a watchdog process takes the servers down.
    watchdog: true,
    // A signal while connecting: no server is spawned or adopted after it.
    signal: lifecycle.signal,
    onHub: (h) => {
      hub = h;
    },
  });
  lifecycle.add(() => session.close());
  void started?.prestarted.close(); // the pre-started servers not adopted (none, normally)
  progress.finish();
  // Exiting (the signal cancelled the connects): no "no server connected" refusal for that.
  if (lifecycle.signal.aborted) return EXIT.terminated;
  // A lazy server known from its manifest (idle) counts: its tools are there and it starts on use.
  const refusal = noServerRefusal(session.status(), flags.allowNoServers, errStyle);
  if (refusal) {
    io.stderr.write(refusal);
    return EXIT.runError;
  }
  // Only what is really sent: tools kept back behind tool_search are not.
  const offered = new Set(session.agent.offeredTools);
  const tooMany = toolLoadWarning(session.registry.list().filter((tool) => offered.has(tool.name)));
  if (tooMany) io.stderr.write(`${errStyle.yellow(tooMany)}\n`);
  // --verbose: the names the model can call, as tiny-agents lists them at start.
  if (flags.verbose && !json) io.stderr.write(`${errStyle.dim(offeredToolsLine(session))}\n`);
  if (json) for (const event of serverStateEvents(session.hub)) emit(event);

  // Answers' Markdown rendered for a colour terminal (loaded only then); plain with NO_COLOR,
  // --no-color, --json and in a pipe.
  const markdown =
    !json && style.enabled
      ? new (await import("../terminal/markdown-blocks.js")).MarkdownBlocks({
          ...(io.stdout.columns ? { width: io.stdout.columns } : {}),
        })
      : undefined;
  if (!oneShot) {
    return runRepl({
      ...(markdown ? { markdown } : {}),
      session,
      io,
      style,
      verbose: flags.verbose === true,
      showReasoning: flags.showReasoning === true,
      ...(flags.results ? { results: flags.results } : {}),
      json,
      setAsk: (fn) => {
        replAsk = fn;
      },
      lifecycle,
      serverLines,
    });
  }

  const controller = new AbortController();
  // SIGTERM, SIGHUP and other exits stop the run like Ctrl+C does, before servers close.
  if (lifecycle.signal.aborted) controller.abort();
  else lifecycle.signal.addEventListener("abort", () => controller.abort(), { once: true });
  // A second Ctrl+C while the run winds down leaves at once (servers are still closed).
  lifecycle.onInterrupt = () =>
    controller.signal.aborted ? void lifecycle.exit(EXIT.interrupted) : controller.abort();
  try {
    // One-shot: stdout is the answer alone; the reasoning goes to stderr, only when asked for.
    const printer = new EventPrinter({
      text: io.stdout,
      info: io.stderr,
      style,
      verbose: flags.verbose === true,
      reasoning: () => (flags.showReasoning ? "full" : "hidden"),
      ...(flags.results ? { results: flags.results } : {}),
      ...(markdown ? { markdown } : {}),
    });
    lifecycle.addLastWords(() => printer.flush());
    let denied = 0;
    const { done, unstreamedText } = await consumeRun(
      session.agent.run(flags.prompt ?? "", { signal: controller.signal }),
      (event) => {
        if (event.type === "tool-result" && event.outcome === "denied") denied++;
        if (json) emit(event);
        else printer.show(event);
      },
    );
    if (!json) {
      // A final text no delta streamed (a task_complete summary) is printed whole.
      printer.breakLine();
      if (unstreamedText) io.stdout.write(`${visibleControls(unstreamedText)}\n`);
      const why = doneLine(done, {
        style: errStyle,
        maxTurnsSetting: "--max-turns",
        toolFormatSetting: "--tool-format",
      });
      if (why) io.stderr.write(`${why}\n`);
      const tokens = flags.verbose ? usageLine(done.usage, { style: errStyle }) : undefined;
      if (tokens) io.stderr.write(`${tokens}\n`);
    }
    // Unattended (no terminal), a denial means the run did less than asked: say so in the
    // code, unless the run's own ending already is a failure.
    const code = exitCodeFor(done);
    if (code === EXIT.ok && denied > 0 && !tty) {
      if (!json) {
        const calls = denied === 1 ? "1 tool call was" : `${denied} tool calls were`;
        io.stderr.write(
          `${errStyle.yellow(`${calls} denied: nobody could approve them here; exit ${EXIT.toolDenied}. Allow them with --allow-tool NAME (repeatable, * globs) or --yes`)}\n`,
        );
      }
      return EXIT.toolDenied;
    }
    return code;
  } finally {
    lifecycle.onInterrupt = undefined;
  }
}
