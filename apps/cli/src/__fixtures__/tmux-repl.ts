import { afterEach } from "vitest";
import { cliBin } from "./cli-harness.js";
import { type E2eSession, useE2eSession } from "./e2e-session.js";
import { type TmuxPane, tmuxPane } from "./tmux-pane.js";

/** How one CLI start in the terminal differs from the file's usual one. */
export interface CliStart {
  /** Colours on: `NO_COLOR` is unset instead of set to 1. */
  color?: boolean;
  /** Variables assigned for the CLI (after `NO_COLOR`). */
  env?: Record<string, string>;
  /** Variables removed from the CLI's environment besides `NO_COLOR` (e.g. `EDITOR`). */
  unset?: string[];
}

/** A REPL test file's set-up: an {@link E2eSession} and a real terminal (tmux) to run the CLI in. */
export interface TmuxRepl extends E2eSession {
  /** The terminal of the CLI started last. */
  readonly pane: TmuxPane;
  /** The tmux session (and server) of the CLI started last, for `tmux … -t`. */
  session(): string;
  /**
   * Starts `tinyloop ARGS` in a new tmux session in the workspace (the session before it is
   * ended first), with `NO_COLOR=1` unless `color`; the pane shows `EXIT=CODE` once it exits.
   */
  startCli(args: string[], options?: CliStart): void;
}

/**
 * Registers what every REPL test file needs: a fresh workspace and the checks after each test
 * ({@link useE2eSession}), and a `columns` × `rows` tmux session named after `name`, ended
 * after each test before those checks. Its describe blocks say `describeNeeding(TMUX)`.
 */
export function useTmuxRepl(
  name: string,
  { columns, rows, scrollback = false }: { columns: number; rows: number; scrollback?: boolean },
): TmuxRepl {
  const session = useE2eSession();
  let current: string | undefined;
  let starts = 0;
  const pane = tmuxPane(() => current ?? "", { scrollback });
  const end = () => {
    if (current !== undefined) pane.kill();
    current = undefined;
  };
  // Registered after the session's checks, so it runs before them: no CLI is left running.
  afterEach(end);
  return {
    get ws() {
      return session.ws;
    },
    get model() {
      return session.model;
    },
    withModel: session.withModel,
    modelFlags: session.modelFlags,
    nodeOnlyPath: session.nodeOnlyPath,
    pane,
    session: () => current ?? "",
    startCli(args, { color = false, env = {}, unset = [] } = {}) {
      end();
      current = `tinyloop-${name}-${process.pid}-${Date.now()}-${++starts}`;
      pane.start([process.execPath, cliBin, ...args], {
        cwd: session.ws.dir,
        columns,
        rows,
        env: color ? env : { NO_COLOR: "1", ...env },
        unset: color ? ["NO_COLOR", ...unset] : unset,
      });
    },
  };
}
