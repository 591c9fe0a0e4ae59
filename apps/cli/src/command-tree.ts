import { Writable } from "node:stream";
import type { Command } from "commander";
import type { Io } from "./io.js";
import { Lifecycle } from "./lifecycle.js";
import { buildProgram } from "./program.js";

/**
 * The `tinyloop` command tree as `--help` shows it, built by the same `buildProgram` that
 * parses the command line, for the docs' generated CLI reference (so the page and `--help`
 * cannot disagree). Its actions are never meant to run: nothing is read, and what they
 * would write goes nowhere.
 */
export function commandTree(): Command {
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
  const io: Io = {
    stdin: process.stdin,
    stdout: nowhere,
    stderr: nowhere,
    env: {},
    cwd: process.cwd(),
  };
  return buildProgram(io, new Lifecycle(), { code: 0 });
}
