import type { ConnectionErrors } from "./connection-errors.js";
import type { ConnectionState, StateChangeDetail, WhileReconnecting } from "./connection-types.js";
import type { McpTransportError } from "./errors.js";
import { ReadyWaiters } from "./ready-waiters.js";

type StateListener = (state: ConnectionState, detail?: StateChangeDetail) => void;

/** What bounds one wait for the connection to be ready. */
export interface ReadyWait {
  /** Epoch ms; past it the wait rejects with `CALL_TIMEOUT`. */
  deadline: number;
  signal: AbortSignal | undefined;
  /** Names the request in error messages, e.g. `tools/call "echo"`. */
  what: string;
  /** `"fail"`: while (re)connecting, reject at once instead of waiting. */
  whileReconnecting: WhileReconnecting;
}

/**
 * The state of one connection (see {@link ConnectionState}), its listeners, and the
 * requests waiting for it to be `ready`: reaching `ready` lets them proceed, `failed` and
 * `closed` reject them.
 */
export class ConnectionStateMachine {
  private currentState: ConnectionState = "connecting";
  private readonly listeners = new Set<StateListener>();
  private readonly waiters = new ReadyWaiters();
  /** Why the connection last left `ready`. */
  private lastDrop: McpTransportError | undefined;

  constructor(
    private readonly errors: ConnectionErrors,
    private readonly log: (line: string) => void,
  ) {}

  get current(): ConnectionState {
    return this.currentState;
  }

  /** Subscribes to state changes; returns the unsubscribe function. */
  onChange(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Moves to `state` (nothing happens when already there), settles waiters, tells listeners. */
  set(state: ConnectionState, detail?: StateChangeDetail): void {
    if (this.currentState === state) return;
    this.currentState = state;
    if (state === "reconnecting") this.lastDrop = detail?.error;
    if (state === "ready") this.waiters.resolveAll();
    if (state === "failed") this.waiters.rejectAll(() => this.errors.notConnected());
    if (state === "closed") this.waiters.rejectAll(() => this.errors.closed());
    for (const listener of [...this.listeners]) {
      try {
        listener(state, detail);
      } catch (error) {
        this.log(`onStateChange listener threw: ${String(error)}`);
      }
    }
  }

  /**
   * Resolves once the connection is `ready` (at once if it is); rejects at once when it is
   * `failed` or `closed` or the wait says `whileReconnecting: "fail"`, and when the wait's
   * deadline passes or its signal fires.
   */
  waitUntilReady(wait: ReadyWait): Promise<void> {
    if (this.currentState === "ready") return Promise.resolve();
    if (this.currentState === "closed") return Promise.reject(this.errors.closed());
    if (this.currentState === "failed") return Promise.reject(this.errors.notConnected());
    if (wait.whileReconnecting === "fail") {
      return Promise.reject(this.errors.refusedWhileReconnecting(wait.what, this.lastDrop));
    }
    return this.waiters.wait({
      deadline: wait.deadline,
      signal: wait.signal,
      onAbort: () => this.errors.abortedWhileWaiting(wait.what),
      onTimeout: () => this.errors.timedOutWaiting(wait.what, this.currentState),
    });
  }
}
