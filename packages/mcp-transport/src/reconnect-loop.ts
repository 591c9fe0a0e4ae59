import { backoffDelay } from "./backoff.js";
import type { ReconnectPolicy } from "./connection-types.js";
import type { McpTransportError } from "./errors.js";

/** Errors that another attempt will not fix. */
const FINAL_CODES = new Set(["SERVER_NOT_FOUND", "CONFIG_INVALID", "AUTH"]);

/** True when retrying cannot help (`SERVER_NOT_FOUND`, `CONFIG_INVALID`, `AUTH`). */
export function isFinalFailure(error: McpTransportError): boolean {
  return FINAL_CODES.has(error.code);
}

/**
 * True when another first-connect attempt cannot help: a final failure, or a server that
 * stayed silent for the whole connect timeout (`CONNECT_TIMEOUT`) — trying again would only
 * keep a person waiting as long again, for each retry. Reconnects after a drop still retry it.
 */
export function isFinalFirstConnectFailure(error: McpTransportError): boolean {
  return isFinalFailure(error) || error.code === "CONNECT_TIMEOUT";
}

/**
 * The `sessionRetries` budget, shared by every drop of one connection and restored once the
 * connection stayed healthy for `healthyAfterMs` — so a server that crashes on every start
 * ends up `failed` instead of flapping forever.
 */
export class RetryBudget {
  private used = 0;
  private healthyTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly policy: Pick<ReconnectPolicy, "sessionRetries" | "healthyAfterMs">,
  ) {}

  /** Takes one attempt: its 0-based number, or undefined when the budget is spent. */
  take(): number | undefined {
    if (this.used >= this.policy.sessionRetries) return undefined;
    return this.used++;
  }

  /** True while another attempt may be taken (false at once when `sessionRetries` is 0). */
  hasLeft(): boolean {
    return this.used < this.policy.sessionRetries;
  }

  /** Restores the whole budget after `healthyAfterMs`, unless {@link cancelRestore} comes first. */
  restoreWhenHealthy(): void {
    this.cancelRestore();
    this.healthyTimer = setTimeout(() => {
      this.used = 0;
    }, this.policy.healthyAfterMs);
    this.healthyTimer.unref();
  }

  /** The connection dropped (or closed) before it counted as healthy. */
  cancelRestore(): void {
    if (this.healthyTimer) clearTimeout(this.healthyTimer);
    this.healthyTimer = undefined;
  }
}

/** What {@link runReconnectLoop} needs from its connection. */
export interface ReconnectLoop {
  server: string;
  policy: ReconnectPolicy;
  budget: RetryBudget;
  /** Why the connection dropped: the failure reported if no attempt is made. */
  cause: McpTransportError;
  /** Make the first attempt without a backoff delay (an expired HTTP session). */
  immediate: boolean;
  /** One connect attempt; rejects with why it failed. */
  attempt: () => Promise<void>;
  /** False once something else (close, a failure) ended the reconnect: the loop stops quietly. */
  stillReconnecting: () => boolean;
  sleep: (ms: number) => Promise<void>;
  asError: (error: unknown) => McpTransportError;
  log: (line: string) => void;
}

/** How a reconnect loop ended. */
export type ReconnectOutcome =
  /** Connected again, on this 1-based attempt. */
  | { kind: "ready"; attempt: number }
  /** Gave up: the budget is spent or the last error is final. */
  | { kind: "failed"; error: McpTransportError }
  /** The connection left `reconnecting` some other way (closed). */
  | { kind: "stopped" };

/**
 * Reconnects after a drop: waits `backoffDelay` before each attempt (the first one too,
 * unless `immediate`), spending the shared {@link RetryBudget}, until an attempt succeeds,
 * the budget runs out, an error is final, or the connection stops reconnecting.
 */
export async function runReconnectLoop(loop: ReconnectLoop): Promise<ReconnectOutcome> {
  let last = loop.cause;
  let first = true;
  const { sessionRetries } = loop.policy;
  for (;;) {
    if (!loop.stillReconnecting()) return { kind: "stopped" };
    const attempt = loop.budget.take();
    if (attempt === undefined) return { kind: "failed", error: last };
    if (!(loop.immediate && first)) {
      const wait = backoffDelay(attempt, loop.policy);
      loop.log(
        `Server "${loop.server}": reconnecting in ${wait} ms (attempt ${attempt + 1} of ${sessionRetries})`,
      );
      await loop.sleep(wait);
    }
    first = false;
    if (!loop.stillReconnecting()) return { kind: "stopped" };
    try {
      await loop.attempt();
    } catch (error) {
      last = loop.asError(error);
      if (isFinalFailure(last)) return { kind: "failed", error: last };
      continue;
    }
    return { kind: "ready", attempt: attempt + 1 };
  }
}
