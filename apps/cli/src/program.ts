import { Command, CommanderError, Option } from "commander";
import { addApprovalOptions } from "./approval-options.js";
import { CLI_VERSION } from "./cli-version.js";
import { registerDurableCommands } from "./commands/durable-commands.js";
import { registerMcpServeCommand } from "./commands/mcp-serve-command.js";
import type { ServerFlags } from "./commands/mcp-tools.js";
import { registerServeCommand } from "./commands/serve-command.js";
import { debugNamesTinyloop } from "./debug-variable.js";
import { environmentHelp, exitCodesHelp } from "./help-lists.js";
import type { Io } from "./io.js";
import type { Lifecycle } from "./lifecycle.js";
import {
  addModelOptions,
  cassetteOption,
  maxTurnsOption,
  modelOption,
  providerOption,
} from "./model-options.js";
import { modelTimeoutOptions } from "./model-timeout-options.js";
import {
  allowNoServersOption,
  endWhenOption,
  fromOption,
  reasoningOption,
  toolFormatOption,
  toolSearchOption,
} from "./option-values.js";
import type { RunFlags } from "./run/run-flags.js";
import { addServerListOptions, addServerOptions } from "./server-options.js";
import { type OtlpFlags, otlpSettings } from "./telemetry/otlp-settings.js";

const version = CLI_VERSION;

const AGENT_HELP = `AGENT is a tiny-agents folder (agent.json + PROMPT.md/AGENTS.md), a path to an agent.json,
an mcpServers JSON file (.mcp.json, claude_desktop_config.json, mcp.json) or a Hermes-style YAML
file (mcp_servers:), or a Hub agent id owner/name[@revision] (tiny-agents' Hub dataset; shown
and trusted once per revision before its servers start). Without AGENT: a project config in the
current folder (.mcp.json, .vscode/mcp.json, .cursor/mcp.json, opencode.json,
.gemini/settings.json, …; stderr says which), else the filesystem server on the current folder
(+ Playwright when chromium is on PATH). --from CLIENT takes the servers of that client's
configs (--from all: every client's).`;

/** Where a command's action leaves its exit code (and `run` whether its output is NDJSON). */
type CommandResult = { code: number; json?: boolean };

/**
 * The `tinyloop` command tree. Each action stores its exit code in `result.code` (and
 * `run` whether its output is NDJSON in `result.json`, for the error that ends it early)
 * (commander's own parse errors exit 2 through `exitOverride`). A command's code is imported
 * when it runs, so `--help` or `config check` do not load what only `run` needs.
 */
export function buildProgram(io: Io, lifecycle: Lifecycle, result: CommandResult): Command {
  const program = rootCommand(io);
  addStartHooks(program, io, lifecycle);
  registerRunCommand(program, io, lifecycle, result);
  registerServeCommand(program, io, lifecycle, result);
  registerDurableCommands(program, io, lifecycle, result);
  registerMcpCommands(program, io, lifecycle, result);
  registerConfigCommands(program, io, result);
  program
    .command("init")
    .description("write a starter agent folder (agent.json + PROMPT.md)")
    .argument("[dir]", "folder to create", "my-agent")
    .action(async (dir: string) => {
      const { initCommand } = await import("./commands/init.js");
      result.code = await initCommand(dir, io);
    });
  return program;
}

/** `tinyloop` itself: its description, `-V`/`-v`, where help goes, the exit codes after it. */
function rootCommand(io: Io): Command {
  const program = new Command("tinyloop")
    .description("Run MCP-powered agents from the files you already have.")
    .version(version, "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .addOption(new Option("-v", "output the version number (as -V)").hideHelp())
    .exitOverride()
    .addHelpText(
      "after",
      `\nrun is the default command: tinyloop [agent] -p "…" is tinyloop run [agent] -p "…"\n(see tinyloop run --help for the model flags).\n\n${exitCodesHelp()}`,
    );
  // -v prints the version like -V, as tiny-agents' -v does.
  program.on("option:v", () => {
    io.stdout.write(`${version}\n`);
    throw new CommanderError(0, "commander.version", version);
  });
  return program;
}

/** What runs before every command's action: `DEBUG=tinyloop` as --verbose, tracing when asked. */
function addStartHooks(program: Command, io: Io, lifecycle: Lifecycle): void {
  // DEBUG=tinyloop (or DEBUG=*) is --verbose, for every command that has it.
  program.hook("preAction", (_program, command) => {
    if (debugNamesTinyloop(io.env.DEBUG) && command.options.some((o) => o.long === "--verbose"))
      command.setOptionValue("verbose", true);
  });
  // --otlp or the OTEL_EXPORTER_OTLP_* variables: the SDK is loaded and registered before the
  // command runs (never otherwise), and flushed after everything else closed on every exit.
  program.hook("preAction", async (_program, command) => {
    if (!command.options.some((o) => o.long === "--otlp")) return;
    const settings = otlpSettings(command.opts<OtlpFlags>(), io.env);
    if (!settings) return;
    const { startTracing } = await import("@tinyloop/otlp-export/start");
    const tracing = await startTracing(settings, version, (line) =>
      io.stderr.write(`warning: ${line}\n`),
    );
    lifecycle.addFinal(() => tracing.shutdown());
  });
}

/** `tinyloop run` (the default command): a REPL, or one-shot with -p. */
function registerRunCommand(
  program: Command,
  io: Io,
  lifecycle: Lifecycle,
  result: CommandResult,
): void {
  const run = program
    .command("run", { isDefault: true })
    .description("run an agent: one-shot with -p, otherwise an interactive REPL")
    .argument("[agent]", "agent folder or file (see below)");
  addRunOptions(run);
  addServerOptions(run).addHelpText(
    "after",
    `\n${AGENT_HELP}\n\n${environmentHelp()}\n\n${exitCodesHelp()}`,
  );
  run.action(async (agent: string | undefined, flags: RunFlags) => {
    // `tinyloop bogus` (run by default, no such path): a mistyped command, said as one.
    if (agent !== undefined && program.args[0] !== "run") {
      const { unknownCommandError } = await import("./unknown-command.js");
      const error = await unknownCommandError(agent, program, io.cwd);
      if (error) throw error;
    }
    const { startRun } = await import("./run/start-run.js");
    // An error that ends the run before its events (a bad agent file) is an event too.
    result.json = flags.json === true;
    result.code = await startRun(agent, flags, io, lifecycle);
  });
}

/** `run`'s own options, in the order `--help` lists them (the server options follow). */
function addRunOptions(run: Command): void {
  addModelOptions(run)
    .option(
      "-p, --prompt <text>",
      "one-shot: send TEXT (after piped stdin, if any; - reads it all from stdin), print the answer, exit",
    )
    .option("--json", "NDJSON events on stdout, one per line")
    .option("-c, --continue", "resume this agent's newest saved conversation")
    .option(
      "-r, --resume [id]",
      "resume a saved conversation of this agent (without an id: pick one from a list)",
    )
    .option(
      "--show-reasoning",
      "show the model's reasoning in full (REPL default: one line per turn; -p: none; on stderr)",
    )
    .option(
      "--timeline",
      "after each answer, draw its model and tool calls on one time axis (-p: on stderr; --json: a timeline event; /timeline in the REPL)",
    )
    .addOption(maxTurnsOption("run"))
    .addOption(modelTimeoutOptions()[0])
    .addOption(modelTimeoutOptions()[1])
    .addOption(
      new Option(
        "--results <mode>",
        "tool results: short (one line each, default) or full (whole; /results in the REPL)",
      ).choices(["short", "full"]),
    );
  addApprovalOptions(run, "approve every tool call")
    .addOption(toolSearchOption())
    .addOption(endWhenOption())
    .addOption(toolFormatOption())
    .addOption(reasoningOption())
    .addOption(allowNoServersOption())
    .addOption(fromOption())
    .addOption(cassetteOption())
    .option("--record <file>", "record the model's turns to a cassette");
}

/** `tinyloop mcp`: list, call and serve the tools of an agent's servers; log in and out. */
function registerMcpCommands(
  program: Command,
  io: Io,
  lifecycle: Lifecycle,
  result: CommandResult,
): void {
  const mcp = program
    .command("mcp")
    .description("inspect and call the tools of an agent's MCP servers");
  addServerOptions(
    mcp
      .command("tools")
      .description("list each server's tools under the names the agent sees, and what was skipped")
      .argument("[agent]", "agent folder or file")
      .addOption(fromOption())
      .option("--json", "print JSON"),
  ).action(async (agent: string | undefined, flags: ServerFlags) => {
    const { mcpToolsCommand } = await import("./commands/mcp-tools.js");
    result.code = await mcpToolsCommand(agent, flags, io, lifecycle);
  });
  addServerOptions(
    mcp
      .command("call")
      .description("call one tool by its registered name (see mcp tools) and print the result")
      .argument("<tool>", "registered tool name, e.g. mcp_filesystem_read_text_file")
      .argument("[agent]", "agent folder or file")
      .addOption(fromOption())
      .option("--args <json>", "tool arguments as JSON", "{}")
      .option("--json", "print the raw result as JSON"),
  ).action(
    async (tool: string, agent: string | undefined, flags: ServerFlags & { args?: string }) => {
      const { mcpCallCommand } = await import("./commands/mcp-call.js");
      result.code = await mcpCallCommand(tool, agent, flags, io, lifecycle);
    },
  );
  registerMcpServeCommand(mcp, io, lifecycle, result);
  mcp
    .command("login")
    .description("log in to an HTTP server of the agent with OAuth (opens the browser)")
    .argument("<server>", "the server's name in the agent, e.g. github")
    .argument("[agent]", "agent folder or file")
    .action(async (server: string, agent: string | undefined) => {
      const { mcpLoginCommand } = await import("./commands/mcp-login.js");
      result.code = await mcpLoginCommand(server, agent, io);
    });
  mcp
    .command("logout")
    .description("forget the OAuth tokens stored for a server")
    .argument("<server>", "the server's name, e.g. github")
    .action(async (server: string) => {
      const { mcpLogoutCommand } = await import("./commands/mcp-login.js");
      result.code = await mcpLogoutCommand(server, io);
    });
}

/** `tinyloop config`: the client configs on this machine, and checking an agent. */
function registerConfigCommands(program: Command, io: Io, result: CommandResult): void {
  const config = program.command("config").description("agent file tools");
  config
    .command("list")
    .description(
      "list the MCP client configs found on this machine (Claude, Cursor, VS Code, Codex, …): client, path, servers, problems",
    )
    .option("--json", "print JSON")
    .action(async (flags: { json?: boolean }) => {
      const { configListCommand } = await import("./commands/config-list.js");
      result.code = await configListCommand(flags, io);
    });
  addServerListOptions(
    config
      .command("check")
      .description("validate an agent and print it normalised, secrets redacted (exit 0 or 2)")
      .argument("[agent]", "agent folder or file"),
  )
    .addOption(modelOption())
    .addOption(providerOption())
    .addOption(fromOption())
    .action(async (agent: string | undefined, flags: Partial<RunFlags>) => {
      const { configCheckCommand } = await import("./commands/config-check.js");
      result.code = await configCheckCommand(agent, flags, io);
    });
}
