import { describe, expect, it } from "vitest";
import { ConnectionErrors } from "./connection-errors.js";
import { DEFAULT_RECONNECT } from "./defaults.js";
import { McpTransportError } from "./errors.js";
import { type ReconnectLoop, RetryBudget, runReconnectLoop } from "./reconnect-loop.js";

const policy = { ...DEFAULT_RECONNECT, sessionRetries: 3, baseDelayMs: 1, maxDelayMs: 2 };
const errors = new ConnectionErrors("fx", () => []);
const exited = (n: number) =>
  new McpTransportError({ code: "SERVER_EXITED", message: `exit ${n}` });

/** A loop whose attempts fail with the given errors in turn, then succeed. */
function loop(failures: McpTransportError[], overrides: Partial<ReconnectLoop> = {}) {
  const log: string[] = [];
  const slept: number[] = [];
  let attempts = 0;
  const options: ReconnectLoop = {
    server: "fx",
    policy,
    budget: new RetryBudget(policy),
    cause: exited(0),
    immediate: false,
    attempt: async () => {
      const failure = failures[attempts++];
      if (failure) throw failure;
    },
    stillReconnecting: () => true,
    sleep: async (ms) => {
      slept.push(ms);
    },
    asError: (error) => errors.asError(error),
    log: (line) => log.push(line),
    ...overrides,
  };
  return { options, log, slept, attempts: () => attempts };
}

describe("runReconnectLoop", () => {
  it("retries with a backoff before each attempt until one succeeds", async () => {
    const { options, log, slept } = loop([exited(1), exited(2)]);
    expect(await runReconnectLoop(options)).toEqual({ kind: "ready", attempt: 3 });
    expect(slept).toHaveLength(3);
    expect(log[2]).toMatch(/^Server "fx": reconnecting in \d+ ms \(attempt 3 of 3\)$/);
  });

  it("gives up with the last error when the budget is spent", async () => {
    const { options, attempts } = loop([exited(1), exited(2), exited(3), exited(4)]);
    const outcome = await runReconnectLoop(options);
    expect(outcome).toEqual({ kind: "failed", error: exited(3) });
    expect(attempts()).toBe(3);
  });

  it("gives up at once on an error another attempt cannot fix", async () => {
    const auth = new McpTransportError({ code: "AUTH", message: "refused" });
    const { options, attempts } = loop([auth]);
    expect(await runReconnectLoop(options)).toEqual({ kind: "failed", error: auth });
    expect(attempts()).toBe(1);
  });

  it("makes the first attempt without a delay when immediate", async () => {
    const { options, slept } = loop([exited(1)], { immediate: true });
    expect(await runReconnectLoop(options)).toEqual({ kind: "ready", attempt: 2 });
    expect(slept).toHaveLength(1);
  });

  it("stops quietly once the connection no longer reconnects", async () => {
    let reconnecting = true;
    const { options, attempts } = loop([], {
      stillReconnecting: () => reconnecting,
      sleep: async () => {
        reconnecting = false; // closed during the backoff
      },
    });
    expect(await runReconnectLoop(options)).toEqual({ kind: "stopped" });
    expect(attempts()).toBe(0);
  });

  it("shares one budget across drops", async () => {
    const budget = new RetryBudget(policy);
    const first = loop([exited(1), exited(2)], { budget });
    expect(await runReconnectLoop(first.options)).toEqual({ kind: "ready", attempt: 3 });
    const second = loop([], { budget });
    expect(await runReconnectLoop(second.options)).toEqual({ kind: "failed", error: exited(0) });
  });
});

describe("RetryBudget", () => {
  it("comes back in full after a healthy period, unless cancelled first", async () => {
    const budget = new RetryBudget({ sessionRetries: 1, healthyAfterMs: 10 });
    expect(budget.take()).toBe(0);
    expect(budget.take()).toBeUndefined();
    budget.restoreWhenHealthy();
    await expect.poll(() => budget.take()).toBe(0);
    budget.restoreWhenHealthy();
    budget.cancelRestore();
    // A second budget with the same period, restored after the cancel: once it is back,
    // the cancelled restore would have come too, however slow the machine is.
    const control = new RetryBudget({ sessionRetries: 1, healthyAfterMs: 10 });
    control.take();
    control.restoreWhenHealthy();
    await expect.poll(() => control.take()).toBe(0);
    expect(budget.take()).toBeUndefined();
  });
});
