import { McpTransportError, withStderrTail } from "./errors.js";

/**
 * The errors a connection makes about itself (closed, given up, a wait that ended), each
 * naming the server and, where it helps, ending with the stderr tail.
 */
export class ConnectionErrors {
  /** Why the connection went `failed`, once it has. */
  failure: McpTransportError | undefined;
  /** How it ended, for {@link notConnected}: a reconnect loop gave up, or none was started. */
  private gaveUp = "gave up reconnecting";

  constructor(
    private readonly server: string,
    private readonly stderrTail: () => string[],
  ) {}

  /** Any thrown value as an McpTransportError (unknown values become `PROTOCOL`). */
  asError(error: unknown): McpTransportError {
    if (McpTransportError.isInstance(error)) return error;
    return new McpTransportError({
      code: "PROTOCOL",
      server: this.server,
      cause: error,
      message: `Server "${this.server}": ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  /** `close()` was called. */
  closed(): McpTransportError {
    return new McpTransportError({
      code: "CLOSED",
      server: this.server,
      message: `Connection to server "${this.server}" was closed.`,
    });
  }

  /**
   * The connection dropped with no reconnect left: `sessionRetries` is 0, or every one was
   * spent since it last stayed up for `healthyAfterMs`. The drop's error (same code, exit
   * code, stderr tail), its first line saying why nothing follows.
   */
  notReconnecting(
    drop: McpTransportError,
    policy: { sessionRetries: number; healthyAfterMs: number },
  ): McpTransportError {
    this.gaveUp = "not reconnecting";
    const retries = policy.sessionRetries;
    const used =
      retries === 1
        ? "the one reconnect allowed (reconnect.sessionRetries) was"
        : `all ${retries} reconnects allowed (reconnect.sessionRetries) were`;
    const why =
      retries === 0
        ? "reconnects are off (reconnect.sessionRetries is 0)"
        : `${used} used since it last stayed up for ${policy.healthyAfterMs / 1000} s`;
    const [first = "", ...rest] = drop.message.split("\n");
    return new McpTransportError({
      code: drop.code,
      server: this.server,
      cause: drop,
      ...(drop.stderrTail ? { stderrTail: drop.stderrTail } : {}),
      ...(drop.exitCode !== undefined ? { exitCode: drop.exitCode } : {}),
      ...(drop.signal !== undefined ? { signal: drop.signal } : {}),
      message: [`${first.replace(/\.$/, "")}; not reconnecting: ${why}.`, ...rest].join("\n"),
    });
  }

  /** The connection is `failed`: the reason it gave up and the stderr tail. */
  notConnected(): McpTransportError {
    const tail = this.stderrTail();
    const message = `Server "${this.server}" is not available (${this.gaveUp}): ${this.failure?.message ?? "it failed"}`;
    return new McpTransportError({
      code: "NOT_CONNECTED",
      server: this.server,
      cause: this.failure,
      stderrTail: tail,
      // A reason that carries its own tail already ends with it.
      message: this.failure?.stderrTail?.length ? message : withStderrTail(message, tail),
    });
  }

  /** A request's signal fired while it waited for a reconnect. */
  abortedWhileWaiting(what: string): McpTransportError {
    return new McpTransportError({
      code: "ABORTED",
      server: this.server,
      message: `${what} on server "${this.server}" was aborted by its signal while waiting for a reconnect.`,
    });
  }

  /**
   * A request made while the server reconnects, with `whileReconnecting: "fail"`: refused
   * before anything was sent, with why the connection dropped.
   */
  refusedWhileReconnecting(what: string, drop: McpTransportError | undefined): McpTransportError {
    const reason = drop ? ` (it dropped: ${drop.message.split("\n")[0]})` : "";
    return new McpTransportError({
      code: "NOT_CONNECTED",
      server: this.server,
      ...(drop ? { cause: drop } : {}),
      message: `${what} was not sent: server "${this.server}" is reconnecting${reason} and calls are set not to wait (whileReconnecting: "fail"). Try again in a moment.`,
    });
  }

  /** A request's timeout passed while it waited for a reconnect. */
  timedOutWaiting(what: string, state: string): McpTransportError {
    const tail = this.stderrTail();
    return new McpTransportError({
      code: "CALL_TIMEOUT",
      server: this.server,
      stderrTail: tail,
      message: withStderrTail(
        `${what} on server "${this.server}" timed out waiting for the server to reconnect (state: ${state}).`,
        tail,
      ),
    });
  }
}
