import type { Readable, Writable } from "node:stream";

/** The process' streams and environment, passed in so commands stay testable. */
export interface Io {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes of `tinyloop run` and the other commands. */
export const EXIT = {
  ok: 0,
  runError: 1,
  configError: 2,
  maxTurns: 3,
  /** A non-interactive one-shot run had a tool call denied (nobody could approve it). */
  toolDenied: 4,
  interrupted: 130,
  terminated: 143,
} as const;
