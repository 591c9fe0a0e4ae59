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

/** One readable line (plus the example line of config errors), never a stack trace. */
function report(error: unknown): number {
  if (CliError.isInstance(error)) {
    process.stderr.write(`tinyloop: ${error.message}\n`);
    return EXIT.configError;
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  process.stderr.write(
    `tinyloop: ${message.split("\n")[0]}${typeof code === "string" ? ` (${code})` : ""}\n`,
  );
  if (process.env.TINYLOOP_DEBUG && error instanceof Error)
    process.stderr.write(`${error.stack}\n`);
  return EXIT.runError;
}

process.on("SIGTERM", () => void lifecycle.exit(EXIT.terminated));
process.on("SIGHUP", () => void lifecycle.exit(EXIT.terminated));
process.on("uncaughtException", (error) => void lifecycle.exit(report(error)));
process.on("unhandledRejection", (error) => void lifecycle.exit(report(error)));
// A closed stdout (`tinyloop … | head`) is an end of output, not a crash.
process.stdout.on("error", () => void lifecycle.exit(EXIT.ok));

// Until a command installs its own handler, Ctrl+C during startup exits cleanly.
const startupSigint = () => void lifecycle.exit(EXIT.interrupted);
process.on("SIGINT", startupSigint);

try {
  const program = buildProgram(io, lifecycle, result);
  program.hook("preAction", () => {
    process.off("SIGINT", startupSigint);
    process.on("SIGINT", () => {});
  });
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version "fail" with exit code 0; real parse errors are usage errors.
    result.code = error.exitCode === 0 ? EXIT.ok : EXIT.configError;
  } else {
    result.code = report(error);
  }
}
await lifecycle.exit(result.code);
