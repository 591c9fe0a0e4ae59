import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AskQuestion, EditArguments } from "@tinyloop/agent-session";
import type { Io } from "../io.js";
import type { Style } from "./style.js";

/**
 * The `e` answer of an approval question on a terminal: the call's JSON arguments open in
 * `$VISUAL` (else `$EDITOR`), run through `sh -c` as git runs them (`EDITOR="code --wait"`
 * works), on a temporary `arguments.json` that is removed afterwards; a non-zero exit keeps
 * the arguments. Without either variable the arguments are edited inline: shown on one line,
 * and the next line typed replaces them (an empty line keeps them).
 */
export function editArgumentsOnTerminal({
  io,
  ask,
  style,
  write,
}: {
  io: Io;
  /** Asks on the terminal (for the inline edit). */
  ask: AskQuestion;
  style: Style;
  /** Where the editor's outcome is said (the question's stream). */
  write: (text: string) => void;
}): EditArguments {
  return async (argumentsJson, signal) => {
    const editor = io.env.VISUAL || io.env.EDITOR;
    if (!editor) {
      write(`${style.dim("arguments now (set $VISUAL or $EDITOR to edit them in an editor):")}\n`);
      write(`${JSON.stringify(JSON.parse(argumentsJson))}\n`);
      const line = await ask(
        style.yellow("new arguments as JSON on one line (empty keeps them): "),
        signal,
      );
      return line?.trim() ? line : undefined;
    }
    const dir = mkdtempSync(join(tmpdir(), "tinyloop-edit-"));
    const file = join(dir, "arguments.json");
    try {
      writeFileSync(file, `${argumentsJson}\n`);
      const stdin = io.stdin as { isRaw?: boolean; setRawMode?: (mode: boolean) => unknown };
      const wasRaw = stdin.isRaw === true;
      // The editor owns the terminal until it exits (the REPL's line editing is off meanwhile).
      if (wasRaw) stdin.setRawMode?.(false);
      const run = spawnSync("sh", ["-c", `${editor} "$1"`, "sh", file], {
        stdio: "inherit",
        cwd: io.cwd,
      });
      if (wasRaw) stdin.setRawMode?.(true);
      if (run.error || run.status !== 0) {
        const why = run.error ? run.error.message : `exit code ${run.status ?? run.signal}`;
        write(
          `${style.red(`the editor (${editor}) failed: ${why}; the arguments are unchanged`)}\n`,
        );
        return undefined;
      }
      return readFileSync(file, "utf8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
