import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { ConnectionErrors } from "./connection-errors.js";
import { ConnectionStateMachine, type ReadyWait } from "./connection-state.js";
import type { ConnectionState } from "./connection-types.js";
import { McpTransportError } from "./errors.js";

function machine(log: string[] = []) {
  const errors = new ConnectionErrors("fx", () => ["last words"]);
  return { errors, status: new ConnectionStateMachine(errors, (line) => log.push(line)) };
}

const far = () => Date.now() + 60_000;

/** A wait with a far deadline and no signal that waits while reconnecting, unless overridden. */
function wait(overrides: Partial<ReadyWait> = {}): ReadyWait {
  return {
    deadline: far(),
    signal: undefined,
    what: "call",
    whileReconnecting: "wait",
    ...overrides,
  };
}

describe("ConnectionStateMachine", () => {
  it("starts connecting and tells listeners each change once", () => {
    const { status } = machine();
    const seen: ConnectionState[] = [];
    status.onChange((state) => seen.push(state));
    expect(status.current).toBe("connecting");
    status.set("ready");
    status.set("ready");
    status.set("reconnecting");
    expect(seen).toEqual(["ready", "reconnecting"]);
  });

  it("stops telling a listener that unsubscribed, and logs a listener that throws", () => {
    const log: string[] = [];
    const { status } = machine(log);
    const seen: ConnectionState[] = [];
    const off = status.onChange((state) => seen.push(state));
    status.onChange(() => {
      throw new Error("listener bug");
    });
    status.set("ready");
    off();
    status.set("reconnecting");
    expect(seen).toEqual(["ready"]);
    expect(log).toEqual([
      "onStateChange listener threw: Error: listener bug",
      "onStateChange listener threw: Error: listener bug",
    ]);
  });

  it("lets waiting requests proceed when the connection is ready again", async () => {
    const { status } = machine();
    status.set("reconnecting");
    const waiting = status.waitUntilReady(wait());
    status.set("ready");
    await expect(waiting).resolves.toBeUndefined();
  });

  it("rejects waiting requests with the reason when the connection fails", async () => {
    const { status, errors } = machine();
    status.set("reconnecting");
    const waiting = rejection(status.waitUntilReady(wait()));
    errors.failure = new McpTransportError({ code: "SERVER_EXITED", message: "exited with 3" });
    status.set("failed");
    const error = await waiting;
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.message).toContain("exited with 3");
    expect(error.message).toContain("last words");
  });

  it("rejects at once when closed, and ends a wait on its signal or deadline", async () => {
    const { status } = machine();
    status.set("reconnecting");
    const controller = new AbortController();
    const aborted = rejection(status.waitUntilReady(wait({ signal: controller.signal })));
    controller.abort();
    expect((await aborted).code).toBe("ABORTED");
    const late = await rejection(status.waitUntilReady(wait({ deadline: Date.now() + 5 })));
    expect(late.code).toBe("CALL_TIMEOUT");
    expect(late.message).toContain("timed out waiting for the server to reconnect");
    status.set("closed");
    const closed = await rejection(status.waitUntilReady(wait()));
    expect(closed.code).toBe("CLOSED");
  });

  it('refuses at once while reconnecting with whileReconnecting "fail", naming why it dropped', async () => {
    const { status } = machine();
    const drop = new McpTransportError({ code: "SERVER_EXITED", message: "exited with 9\nmore" });
    status.set("ready");
    status.set("reconnecting", { error: drop });
    const error = await rejection(
      status.waitUntilReady(wait({ what: 'tools/call "echo"', whileReconnecting: "fail" })),
    );
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.cause).toBe(drop);
    expect(error.message).toBe(
      'tools/call "echo" was not sent: server "fx" is reconnecting (it dropped: exited with 9) and calls are set not to wait (whileReconnecting: "fail"). Try again in a moment.',
    );
    status.set("ready");
    await expect(
      status.waitUntilReady(wait({ whileReconnecting: "fail" })),
    ).resolves.toBeUndefined();
  });
});
