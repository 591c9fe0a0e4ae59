import { CommanderError } from "commander";
import { CliError } from "./cli-error.js";
import { EXIT, type Io } from "./io.js";
import { Lifecycle } from "./lifecycle.js";
import { buildProgram } from "./program.js";

const io: Io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
};
const lifecycle = new Lifecycle();
const result = { code: EXIT.ok as number };

let terminalGone = false;
function say(text: string): void {
  if (terminalGone) return;
  try {
    process.stderr.write(text);
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
  if (
    CliError.isInstance(error) ||
    AgentFileError?.isInstance(error) ||
    AgentSessionError?.isInstance(error)
  ) {
    say(`tinyloop: ${error.message}\n`);
    return EXIT.configError;
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  say(`tinyloop: ${message.split("\n")[0]}${typeof code === "string" ? ` (${code})` : ""}\n`);
  if (process.env.TINYLOOP_DEBUG && error instanceof Error) say(`${error.stack}\n`);
  return EXIT.runError;
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
// The terminal went away (SIGHUP, or EIO/EPIPE on a standard stream): close the servers and go.
const hangUp = (code: number) => () => {
  terminalGone = true;
  void lifecycle.exit(code);
};
process.on("SIGHUP", hangUp(EXIT.terminated));
process.stdout.on("error", hangUp(EXIT.ok));
process.stderr.on("error", hangUp(EXIT.ok));
process.stdin.on("error", hangUp(EXIT.ok));

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
