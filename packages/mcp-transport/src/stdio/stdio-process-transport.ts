import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { McpTransportError } from "../errors.js";
import { localFailureResponse } from "../local-failure.js";
import { DEFAULT_MAX_MESSAGE_BYTES, JsonRpcLineReader } from "./json-rpc-line-reader.js";
import { LineTail } from "./line-tail.js";
import {
  type ProcessExit,
  type ServerProcess,
  type ServerSpawnSpec,
  spawnServerProcess,
} from "./server-process.js";

export type { ProcessExit } from "./server-process.js";

/** Options of {@link StdioProcessTransport}. */
export interface StdioProcessTransportOptions extends ServerSpawnSpec {
  /** Shared across restarts so a crash's last words stay visible. Default: a fresh 50-line tail. */
  stderrTail?: LineTail;
  /** Verbose log: non-JSON stdout (once per burst), oversized messages. */
  onLog?: (line: string) => void;
  /** Largest stdout line accepted. Default 128 MiB. */
  maxMessageBytes?: number;
  /** After ending stdin, how long to wait for the server to exit before SIGTERM. Default 2 000. */
  closeGraceMs?: number;
  /** SIGKILL what is left this long after close began. Default 10 000. */
  killAfterMs?: number;
  /**
   * A process already started for this server (a pre-started one, see `prestartStdioServers`):
   * `start()` adopts it instead of spawning. A failed pre-start rejects `start()` with the
   * spawn's own error. Its stderr tail is the one given as `stderrTail`.
   */
  adopt?: Promise<ServerProcess>;
}

const BURST_QUIET_MS = 1_000;
/** How long after stdout closes a server still counts as exiting rather than hung. */
const STDOUT_CLOSED_GRACE_MS = 300;

/**
 * An MCP client transport that runs a stdio server with execa: no shell, its own process
 * group, a minimal environment, stderr always drained into a tail, non-JSON stdout lines
 * reported instead of breaking the connection, and a shutdown that takes the whole
 * process group down (stdin end → SIGTERM → SIGKILL).
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private process: ServerProcess | undefined;
  private starting: Promise<ServerProcess> | undefined;
  private readonly tail: LineTail;
  private closing: Promise<void> | undefined;
  private closed = false;
  private burstTimer: NodeJS.Timeout | undefined;
  private suppressed = 0;
  private stdoutClosed = false;

  constructor(private readonly options: StdioProcessTransportOptions) {
    this.tail = options.stderrTail ?? new LineTail(50);
  }

  /** PID of the server (also its process group id), once started. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Exit code/signal once the server has exited. */
  get processExit(): ProcessExit | undefined {
    return this.process?.exit;
  }

  /** True once the server closed its stdout while still running (it can never answer again). */
  get stdoutClosedWhileRunning(): boolean {
    return this.stdoutClosed;
  }

  /** The last stderr lines. */
  stderrTail(): string[] {
    return this.tail.snapshot();
  }

  /** Spawns (or adopts) the server; rejects with SERVER_NOT_FOUND / CONFIG_INVALID when it cannot start. */
  async start(): Promise<void> {
    const { server, command, args = [], env, cwd, sandbox } = this.options;
    this.starting =
      this.options.adopt ??
      spawnServerProcess(
        {
          server,
          command,
          args,
          ...(env ? { env } : {}),
          ...(cwd === undefined ? {} : { cwd }),
          ...(sandbox === undefined ? {} : { sandbox }),
        },
        this.tail,
      );
    const serverProcess = await this.starting;
    this.process = serverProcess;
    serverProcess.onSandboxDenial((what) =>
      this.options.onLog?.(`Server "${server}": the sandbox denied ${what}`),
    );
    // Closed while it was starting: close() stops it; nothing to read from it any more.
    if (this.closing) return;

    const reader = new JsonRpcLineReader(
      {
        message: (message) => this.onmessage?.(message),
        garbage: (line) => this.reportGarbage(line),
        overflow: (bytes, id) => {
          const message = `Server "${server}" sent a stdout line of ${bytes} bytes, over the ${this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES}-byte limit; it was dropped.`;
          this.options.onLog?.(message);
          // The request it answered can never be answered now: fail it at once.
          if (id !== undefined) this.onmessage?.(localFailureResponse(id, message));
          else this.onerror?.(new McpTransportError({ code: "PROTOCOL", server, message }));
        },
      },
      this.options.maxMessageBytes,
    );
    const { stdout, closed: stdoutEnded } = serverProcess.takeStdout();
    stdout?.on("data", (chunk: Buffer) => reader.push(chunk));
    // A server that closes stdout but keeps running can never answer again: once it is
    // clearly not just exiting, the connection is lost (and close() takes the process down).
    void stdoutEnded.then(async () => {
      await delay(STDOUT_CLOSED_GRACE_MS);
      if (serverProcess.exit || this.closing || this.closed) return;
      this.stdoutClosed = true;
      this.options.onLog?.(
        `Server "${server}" closed its stdout but is still running; the connection is lost.`,
      );
      this.finish();
    });
    void serverProcess.exited.then(() => {
      if (!this.closing) this.finish();
    });
  }

  /** Writes one message to the server's stdin. */
  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process?.stdin;
    if (!stdin?.writable || this.process?.exit || this.closing) {
      throw new McpTransportError({
        code: "NOT_CONNECTED",
        server: this.options.server,
        message: `Server "${this.options.server}" is not running.`,
      });
    }
    if (!stdin.write(`${JSON.stringify(message)}\n`)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stdin.off("drain", done);
          stdin.off("close", done);
          resolve();
        };
        stdin.once("drain", done);
        stdin.once("close", done);
      });
    }
  }

  /**
   * Ends stdin, waits `closeGraceMs` for the server to exit, SIGTERMs its process group,
   * and SIGKILLs what is left `killAfterMs` after the close began. Resolves once no process
   * of the group is alive. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const { closeGraceMs = 2_000, killAfterMs = 10_000 } = this.options;
    // Closed while the process was starting, or before start() took the one it was to adopt:
    // that process is still ours to stop.
    const pending = this.starting ?? this.options.adopt;
    const serverProcess = this.process ?? (await pending?.catch(() => undefined));
    await serverProcess?.stop({ closeGraceMs, killAfterMs });
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.burstTimer) clearTimeout(this.burstTimer);
    this.flushBurst();
    this.onclose?.();
  }

  private reportGarbage(line: string): void {
    this.tail.push(`[stdout] ${line}\n`);
    if (this.burstTimer) {
      this.suppressed++;
      this.burstTimer.refresh();
      return;
    }
    const shown = line.length > 200 ? `${line.slice(0, 200)}…` : line;
    this.options.onLog?.(
      `Server "${this.options.server}" printed non-JSON-RPC output on stdout (ignored): ${shown}`,
    );
    this.burstTimer = setTimeout(() => this.flushBurst(), BURST_QUIET_MS);
    this.burstTimer.unref();
  }

  private flushBurst(): void {
    this.burstTimer = undefined;
    if (this.suppressed > 0) {
      this.options.onLog?.(
        `Server "${this.options.server}": ${this.suppressed} more non-JSON-RPC stdout line(s) ignored`,
      );
    }
    this.suppressed = 0;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
