/** How long a response may stay silent (before its headers, or between reads) before it is abandoned. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * How long one model turn (request sent → response complete) may take in all. Keep-alive
 * comments reset the idle timer but not this one, so a server that only pings still ends.
 */
export const DEFAULT_TURN_TIMEOUT_MS = 600_000;

/** The server sent nothing for the idle timeout: no headers yet, or no byte of the body. */
export class StreamIdleError extends Error {
  constructor(
    readonly idleMs: number,
    readonly waitingFor: "headers" | "data",
  ) {
    super(`the server sent no ${waitingFor} for ${idleMs} ms`);
  }
}

/** The whole turn took longer than the turn limit. */
export class TurnTimeoutError extends Error {
  constructor(readonly turnMs: number) {
    super(`the response did not complete within ${turnMs} ms`);
  }
}

/** The timeouts of one turn: the idle limit and the turn's deadline (epoch ms). */
export interface TurnClock {
  idleTimeoutMs: number;
  turnTimeoutMs: number;
  deadline: number;
}

/** Starts the clock of a turn now. */
export function startTurnClock(idleTimeoutMs: number, turnTimeoutMs: number): TurnClock {
  return { idleTimeoutMs, turnTimeoutMs, deadline: Date.now() + turnTimeoutMs };
}

/**
 * How long the next wait may last and the error when it does not end in time: the idle
 * limit, or less when the turn's deadline comes first.
 */
export function nextWait(
  clock: TurnClock,
  waitingFor: "headers" | "data",
): { ms: number; error: () => Error } {
  const left = Math.max(0, clock.deadline - Date.now());
  return left < clock.idleTimeoutMs
    ? { ms: left, error: () => new TurnTimeoutError(clock.turnTimeoutMs) }
    : {
        ms: clock.idleTimeoutMs,
        error: () => new StreamIdleError(clock.idleTimeoutMs, waitingFor),
      };
}
