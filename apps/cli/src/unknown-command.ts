import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { CliError } from "./cli-error.js";

/**
 * `tinyloop WORD` runs the agent at WORD (`run` is the default command); when no file or
 * folder WORD exists, WORD was more likely a mistyped command: a usage error that says so,
 * with close command names and the list of commands. Undefined when WORD exists or looks
 * like a path (a `/` or a `.` in it).
 */
export async function unknownCommandError(
  word: string,
  program: Command,
  cwd: string,
): Promise<CliError | undefined> {
  // A path (`./x`, `a/b`, `agent.json`) is no command: its own "no such file" error says more.
  if (!/^[a-z][a-z0-9-]*$/i.test(word) || existsSync(resolve(cwd, word))) return undefined;
  const commands = program.commands.map((command) => command.name());
  // Loaded only here: the registry's name matching, for "did you mean".
  const { suggestNames } = await import("@tinyloop/registry");
  const close = suggestNames(word, commands);
  const guess = close.length > 0 ? `did you mean ${close.join(" or ")}? ` : "";
  return new CliError({
    code: "USAGE",
    message: `unknown command "${word}" (and no file or folder named ${word} here); ${guess}commands: ${commands.join(", ")} (tinyloop --help); to run an agent give its folder or file, e.g. tinyloop run ./my-agent`,
  });
}
