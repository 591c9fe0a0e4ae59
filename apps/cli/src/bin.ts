import { CommanderError } from "commander";
import { CliError } from "./cli-error.js";
import { EXIT, type Io } from "./io.js";
import { Lifecycle } from "./lifecycle.js";
import { buildProgram } from "./program.js";

const lifecycle = new Lifecycle();
const result: { code: number; json?: boolean } = { code: EXIT.ok };

let terminalGone = false;
// The terminal went away (SIGHUP, or EIO/EPIPE on a standard stream): close the servers and go.
const hangUp = (code: number) => () => {
  terminalGone = true;
  void lifecycle.exit(code);
};

/**
 * A standard stream, made on first use: on a pipe or a terminal each one loads net, tty and
 * node:stream (stderr on a pipe costs about a fifth of `node -e 0`), which `--help` and
 * `config check` need not pay for the streams they never write. Everything reaches them
 * through `io`, so each is watched for errors from the moment it exists.
 */
const watched = new Set<string>();
function standardStream<Name extends "stdin" | "stdout" | "stderr">(
  name: Name,
): NodeJS.Process[Name] {
  const stream = process[name];
  if (!watched.has(name)) {
    watched.add(name);
    stream.on("error", hangUp(EXIT.ok));
  }
  return stream;
}

const io: Io = {
  get stdin() {
    return standardStream("stdin");
  },
  get stdout() {
    return standardStream("stdout");
  },
  get stderr() {
    return standardStream("stderr");
  },
  env: process.env,
  cwd: process.cwd(),
};

function say(text: string): void {
  if (terminalGone) return;
  try {
    io.stderr.write(text);
  } catch {
    terminalGone = true;
  }
}

/**
 * One readable line (plus the example line of config errors), never a stack trace.
 * agent-files and agent-session are imported here, on the error path, so that start-up does
 * not load them. Their errors (a bad file, no model given) are the user's to fix: exit 2.
 */
async function report(error: unknown): Promise<number> {
  const [AgentFileError, AgentSessionError] = await Promise.all([
    import("@tinyloop/agent-files").then(
      (m) => m.AgentFileError,
      () => undefined,
    ),
    import("@tinyloop/agent-session").then(
      (m) => m.AgentSessionError,
      () => undefined,
    ),
  ]);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (
    CliError.isInstance(error) ||
    AgentFileError?.isInstance(error) ||
    AgentSessionError?.isInstance(error)
  ) {
    say(`tinyloop: ${error.message}\n`);
    jsonError(error, EXIT.configError);
    return EXIT.configError;
  }
  jsonError(error, EXIT.runError);
  say(`tinyloop: ${message.split("\n")[0]}${typeof code === "string" ? ` (${code})` : ""}\n`);
  if (process.env.TINYLOOP_DEBUG && error instanceof Error) say(`${error.stack}\n`);
  return EXIT.runError;
}

/**
 * With `run --json`, an error that ends the run before its `done` event (a bad agent file, an
 * unset variable) is also one NDJSON line on stdout: `{"type":"error","exitCode":2,"error":
 * {"name","message","code"}}`, so a program reading stdout alone learns why.
 */
function jsonError(error: unknown, exitCode: number): void {
  if (!result.json || terminalGone) return;
  const { name, message } =
    error instanceof Error ? error : { name: "Error", message: String(error) };
  const code = (error as { code?: unknown }).code;
  const event = {
    type: "error",
    exitCode,
    error: { name, message, ...(code === undefined ? {} : { code }) },
  };
  try {
    io.stdout.write(`${JSON.stringify(event)}\n`);
  } catch {
    terminalGone = true;
  }
}

let failing = false;
const onFatal = (error: unknown) => {
  // Only the first fatal error is reported: a dead terminal makes every later write fail too.
  if (failing) return;
  failing = true;
  void report(error).then((code) => lifecycle.exit(code));
};
process.on("SIGTERM", () => void lifecycle.exit(EXIT.terminated));
process.on("uncaughtException", onFatal);
process.on("unhandledRejection", onFatal);
process.on("SIGHUP", hangUp(EXIT.terminated));

process.on("SIGINT", () => lifecycle.interrupt());

try {
  const program = buildProgram(io, lifecycle, result);
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version "fail" with exit code 0; real parse errors are usage errors.
    result.code = error.exitCode === 0 ? EXIT.ok : EXIT.configError;
  } else {
    result.code = await report(error);
  }
}
await lifecycle.exit(result.code);
