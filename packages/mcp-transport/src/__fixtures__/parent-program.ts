import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import type { StdioServerConfig } from "../config-schema.js";

/** A fixture parent program started by {@link startParentProgram}. */
export interface ParentProgram {
  parent: ChildProcess;
  /** Resolves when the parent has exited. */
  exited: Promise<unknown>;
  /** The pid the parent announced on stdout (its watchdog's, or 0). */
  announcedPid: number;
}

/**
 * Starts one of the `__fixtures__` parent programs (`sigkilled-parent.ts`,
 * `prestarted-parent.ts`) from source with `mode` and the server's spawn spec, and waits for
 * its stdout line `announcement` (a regex capturing a pid, e.g. `/connected (\d+)/`).
 * Rejects if the parent exits first.
 */
export async function startParentProgram(
  script: string,
  mode: string,
  spec: StdioServerConfig,
  announcement: RegExp,
  stdio: StdioOptions,
): Promise<ParentProgram> {
  const parent = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@tinyloop/source", script, mode, JSON.stringify(spec)],
    { stdio },
  );
  const exited = new Promise((resolve) => parent.once("exit", resolve));
  const announcedPid = await new Promise<number>((resolve, reject) => {
    let out = "";
    parent.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = announcement.exec(out);
      if (match) resolve(Number(match[1]));
    });
    parent.once("exit", (code) => reject(new Error(`parent exited early (${code})`)));
  });
  return { parent, exited, announcedPid };
}
