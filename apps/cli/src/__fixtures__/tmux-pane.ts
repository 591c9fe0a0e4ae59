import { execFileSync } from "node:child_process";
import { E2E_STATE_HOME } from "./cli-harness.js";

/** A REPL test's tmux session: commands against it, its screen, keys, and waiting on it. */
export interface TmuxPane {
  /** Runs `tmux ARGS` on the session's own tmux server (socket) and returns its output. */
  tmux(...args: string[]): string;
  /** The pane's text now (with `scrollback`, joined wrapped lines and 200 lines of history). */
  screen(): string;
  /** Sends keys to the pane (`"Enter"`, `"C-c"`, or text). */
  keys(...keys: string[]): string;
  /** The cursor as tmux sees it: `x,y` (0-based column and row of the pane). */
  cursor(): string;
  /**
   * Starts the session: `argv` (each word quoted) run in `cwd` on a `columns` × `rows` terminal,
   * without the variables in `unset` and after the `env` assignments; once it exits the pane
   * shows `EXIT=CODE` and stays open.
   */
  start(
    argv: string[],
    options: {
      cwd: string;
      columns: number;
      rows: number;
      env?: Record<string, string>;
      unset?: string[];
    },
  ): void;
  /** Ends the session's tmux server (and the program in it), if it still runs. */
  kill(): void;
  /** Polls the screen every 50 ms until `check` holds; fails naming `what` with the screen. */
  waitFor(check: (text: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
}

/**
 * Helpers for the tmux session named by `session()` (read on each call: a test may move on to
 * a fresh session). Each session runs its own tmux server (`-L NAME`), so a test never races
 * with a server another test is shutting down.
 */
export function tmuxPane(
  session: () => string,
  { scrollback = false }: { scrollback?: boolean } = {},
): TmuxPane {
  // The session's tmux server (started by the first command) passes this environment on to
  // the CLI: its saved conversations go to the scratch state folder unless a test says otherwise.
  const env = { ...process.env, XDG_STATE_HOME: process.env.XDG_STATE_HOME ?? E2E_STATE_HOME };
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-L", session(), ...args], { encoding: "utf8", env });
  const screen = () =>
    scrollback
      ? tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", session())
      : tmux("capture-pane", "-p", "-t", session());
  return {
    tmux,
    screen,
    keys: (...keys) => tmux("send-keys", "-t", session(), ...keys),
    cursor: () => tmux("display-message", "-p", "-t", session(), "#{cursor_x},#{cursor_y}").trim(),
    start(argv, { cwd, columns, rows, env = {}, unset = [] }) {
      const without = unset.length > 0 ? `env ${unset.map((name) => `-u ${name} `).join("")}` : "";
      const assignments = Object.entries(env).map(([name, value]) => `${name}='${value}' `);
      const command = argv.map((word) => `'${word}'`).join(" ");
      const shell = `${without}${assignments.join("")}${command}; echo "EXIT=$?"; sleep 60`;
      tmux(
        "new-session",
        "-d",
        "-x",
        `${columns}`,
        "-y",
        `${rows}`,
        "-s",
        session(),
        "-c",
        cwd,
        shell,
      );
    },
    kill() {
      try {
        tmux("kill-server");
      } catch {
        // already gone
      }
    },
    async waitFor(check, what, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const text = screen();
        if (check(text)) return text;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}; screen:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
