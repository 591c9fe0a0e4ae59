import { statSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { execa, type ResultPromise } from "execa";
import type { StdioServerConfig } from "../config-schema.js";
import { McpTransportError, withStderrTail } from "../errors.js";
import { SandboxLogFilter } from "../sandbox/sandbox-log-filter.js";
import { type SandboxPolicy, sandboxPolicyFor } from "../sandbox/sandbox-policy.js";
import { sandboxCommand } from "../sandbox/sandbox-runtime.js";
import type { LineTail } from "./line-tail.js";
import { processGroupAlive, trackProcessGroup, waitForProcessGroupExit } from "./process-group.js";
import { signalProcessTree } from "./process-tree-signal.js";
import { resolveSpawnCommand } from "./resolve-spawn-command.js";
import { buildServerEnvironment } from "./safe-environment.js";

/** What is spawned for a stdio server: the part of its config that decides the process. */
export interface ServerSpawnSpec {
  /** Server name, used in messages. */
  server: string;
  command: string;
  args?: readonly string[];
  /** Exactly the variables the server gets besides the safe list. */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** Confine the process to this policy (fails closed); absent: not confined. */
  sandbox?: SandboxPolicy;
}

/**
 * The spawn a stdio config asks for. Both the connect path and the pre-start path build
 * their spec here, so a pre-started process is adopted exactly when the connect would have
 * spawned the same thing.
 */
export function spawnSpecFor(server: string, config: StdioServerConfig): ServerSpawnSpec {
  const sandbox = sandboxPolicyFor(config.sandbox, { workFolder: config.cwd ?? process.cwd() });
  return {
    server,
    command: config.command,
    args: config.args ?? [],
    env: config.env ?? {},
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    ...(sandbox === undefined ? {} : { sandbox }),
  };
}

/** How the server process ended. */
export interface ProcessExit {
  exitCode: number | null;
  signal: string | null;
}

/** How {@link ServerProcess.stop} ends a server. */
export interface StopTimings {
  /** After ending stdin, how long to wait for the server to exit before SIGTERM. */
  closeGraceMs: number;
  /** SIGKILL what is left this long after the stop began. */
  killAfterMs: number;
}

/**
 * One running stdio server process, started by {@link spawnServerProcess}: no shell, its own
 * process group (tracked for the exit hook and the parent-death watchdog), a minimal
 * environment, stderr drained into a tail from the first byte. Stdout is left unread until
 * a transport takes it ({@link takeStdout}), so nothing the server says is lost before then.
 * It loads neither the MCP SDK nor zod, so a program can start servers before loading them.
 */
export class ServerProcess {
  #exit: ProcessExit | undefined;
  readonly #exited: Promise<void>;
  readonly #stderrEnded: Promise<void>;
  #stdoutEnded: Promise<void> | undefined;
  #stdoutTaken = false;
  #stopping: Promise<void> | undefined;
  readonly #denialListeners: Array<(what: string) => void> = [];

  constructor(
    private readonly subprocess: ResultPromise,
    readonly pid: number,
    readonly tail: LineTail,
    private readonly untrack: () => void,
    sandboxed = false,
  ) {
    this.#stderrEnded = new Promise<void>((resolve) => subprocess.stderr?.once("close", resolve));
    // A sandbox's stderr also carries the runtime's log: only the server's lines reach the tail.
    const filter = sandboxed
      ? new SandboxLogFilter((what) => {
          for (const listener of this.#denialListeners) listener(what);
        })
      : undefined;
    subprocess.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      tail.push(filter ? filter.push(text) : text);
    });
    if (filter) subprocess.stderr?.once("close", () => tail.push(filter.flush()));
    subprocess.stdin?.on("error", () => {}); // EPIPE after the server died; the exit reports it
    this.#exited = new Promise<void>((resolve) => {
      subprocess.once("exit", (exitCode, signal) => {
        this.#exit = { exitCode, signal };
        // Let the last stdout/stderr bytes arrive; a grandchild may hold the pipes open, so bound it.
        const flushed = Promise.all([this.#stdoutEnded ?? Promise.resolve(), this.#stderrEnded]);
        void Promise.race([flushed, delay(200)]).then(() => resolve());
      });
    });
  }

  /** Exit code/signal once the server has exited. */
  get exit(): ProcessExit | undefined {
    return this.#exit;
  }

  /** Resolves once the process exited and its output was read (bounded by 200 ms). */
  get exited(): Promise<void> {
    return this.#exited;
  }

  /** The server's stdin. */
  get stdin(): Writable | null {
    return this.subprocess.stdin;
  }

  /**
   * Calls `listener` with what the sandbox refused (`a connection to HOST:PORT`), as the
   * sandbox runtime reports it; never called for an unconfined server.
   */
  onSandboxDenial(listener: (what: string) => void): void {
    this.#denialListeners.push(listener);
  }

  /**
   * Hands stdout to its one reader (a transport); returns it with a promise of its close.
   * Throws when taken twice: two readers would split the messages between them.
   */
  takeStdout(): { stdout: Readable | null; closed: Promise<void> } {
    if (this.#stdoutTaken) throw new Error("ServerProcess: stdout was already taken");
    this.#stdoutTaken = true;
    const stdout = this.subprocess.stdout;
    this.#stdoutEnded = new Promise<void>((resolve) => {
      if (!stdout || stdout.closed) resolve();
      else stdout.once("close", resolve);
    });
    return { stdout, closed: this.#stdoutEnded };
  }

  /**
   * Ends stdin, waits `closeGraceMs` for the server to exit, SIGTERMs its process group,
   * and SIGKILLs what is left `killAfterMs` after the stop began. Resolves once no process
   * of the group is alive. Idempotent.
   */
  stop(timings: StopTimings): Promise<void> {
    this.#stopping ??= this.#stop(timings);
    return this.#stopping;
  }

  async #stop({ closeGraceMs, killAfterMs }: StopTimings): Promise<void> {
    const started = Date.now();
    // Nobody reads stdout (a pre-started server never adopted): drain it so it can exit.
    if (!this.#stdoutTaken) this.takeStdout().stdout?.resume();
    try {
      this.subprocess.stdin?.end();
    } catch {
      // already closed
    }
    if (!this.#exit) await Promise.race([this.#exited, delay(Math.min(closeGraceMs, killAfterMs))]);
    if (processGroupAlive(this.pid)) {
      signalProcessTree(this.pid, "SIGTERM");
      const gone = await waitForProcessGroupExit(this.pid, started + killAfterMs);
      if (!gone) {
        signalProcessTree(this.pid, "SIGKILL");
        await waitForProcessGroupExit(this.pid, Date.now() + 5_000);
      }
    }
    await Promise.race([this.#exited, delay(1_000)]);
    this.untrack();
  }
}

/**
 * Spawns a stdio server with execa (no shell, `detached`: its own process group; the
 * command resolved per platform by {@link resolveSpawnCommand}) and resolves once it runs.
 * With `spec.sandbox` the command runs inside the sandbox runtime, which is then the
 * process (and group) tracked here; the sandbox has its own PID namespace, torn down when
 * the runtime ends. Rejects with `CONFIG_INVALID` (cwd missing, no sandbox possible here),
 * `SERVER_NOT_FOUND` (command, or a program the sandbox needs, not found) or
 * `SERVER_EXITED` (could not start).
 */
export async function spawnServerProcess(
  spec: ServerSpawnSpec,
  tail: LineTail,
): Promise<ServerProcess> {
  const { server, command, args = [], cwd } = spec;
  if (cwd !== undefined && !isDirectory(cwd)) {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      server,
      message: `Server "${server}": cwd "${cwd}" is not an existing directory. Create it or fix "cwd" in the config.`,
    });
  }
  const env = buildServerEnvironment(spec.env);
  // The command is looked up in the PATH the server gets (its config may set one), as POSIX does.
  const path = Object.entries(env).find(([key]) => key.toUpperCase() === "PATH")?.[1];
  const resolved = resolveSpawnCommand(command, args, {
    ...(cwd === undefined ? {} : { cwd }),
    ...(path === undefined ? {} : { path }),
  });
  const sandbox = spec.sandbox
    ? sandboxCommand(server, spec.sandbox, { ...resolved, path })
    : undefined;
  const started = sandbox ?? resolved;
  const subprocess = execa(started.file, started.args, {
    env: sandbox ? { ...env, ...sandbox.env } : env,
    extendEnv: false,
    cwd,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
    buffer: false,
    reject: false,
    cleanup: false,
    forceKillAfterDelay: false,
    windowsHide: true,
    windowsVerbatimArguments: resolved.windowsVerbatimArguments,
  });
  subprocess.catch(() => {}); // reject: false, but be sure no unhandled rejection escapes
  await new Promise<void>((resolve, reject) => {
    subprocess.once("spawn", () => resolve());
    subprocess.once("error", (error: NodeJS.ErrnoException) => {
      sandbox?.cleanup();
      reject(spawnError(spec, error, tail));
    });
  });
  const pid = subprocess.pid as number; // spawned: a pid is set
  const untrack = trackProcessGroup(pid);
  return new ServerProcess(
    subprocess,
    pid,
    tail,
    () => {
      untrack();
      sandbox?.cleanup();
    },
    sandbox !== undefined,
  );
}

function spawnError(
  { server, command }: ServerSpawnSpec,
  error: NodeJS.ErrnoException,
  tail: LineTail,
): McpTransportError {
  if (error.code === "ENOENT" || error.code === "EACCES") {
    return new McpTransportError({
      code: "SERVER_NOT_FOUND",
      server,
      cause: error,
      message:
        error.code === "ENOENT"
          ? `Server "${server}": command "${command}" was not found. Install it, or give its full path in "command" (PATH is ${process.env.PATH ?? "unset"}).`
          : `Server "${server}": command "${command}" is not executable (permission denied).`,
    });
  }
  return new McpTransportError({
    code: "SERVER_EXITED",
    server,
    cause: error,
    message: withStderrTail(
      `Server "${server}": could not start "${command}": ${error.message}`,
      tail.snapshot(),
    ),
  });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
