import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureServer, fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, describe, expect, it } from "vitest";
import { reach, recordStates, rejection, serverPid, textOf } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions, ReconnectPolicy } from "./connection-types.js";
import { McpTransportError } from "./errors.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-reconnect-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function options(reconnect: Partial<ReconnectPolicy> = {}): ConnectOptions {
  return { reconnect: { initialRetries: 0, baseDelayMs: 20, maxDelayMs: 100, ...reconnect } };
}

async function connectFixture(
  flags: Parameters<typeof fixtureServer>[0] = {},
  connect = options(),
) {
  const { command, args } = fixtureServer(flags);
  return guard.track(await connectServer("fx", { command, args, env: guard.env() }, connect));
}

describe("reconnect", () => {
  it("comes back after the server is SIGKILLed mid-session, and the next call succeeds", async () => {
    const connection = await connectFixture();
    const states = recordStates(connection);
    const before = await serverPid(connection);
    process.kill(before, "SIGKILL");
    await reach(connection, "reconnecting");
    await reach(connection, "ready");
    expect(states).toEqual(["reconnecting", "ready"]);
    expect(textOf(await connection.callTool("echo", { text: "back" }))).toBe("back");
    expect(await serverPid(connection)).not.toBe(before);
  });

  it("a call made while reconnecting waits for the server and succeeds", async () => {
    const connection = await connectFixture({}, options({ baseDelayMs: 300, maxDelayMs: 300 }));
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    expect(
      textOf(await connection.callTool("echo", { text: "waited" }, { timeoutMs: 10_000 })),
    ).toBe("waited");
  });

  it('with whileReconnecting "fail" a call made while reconnecting fails at once, unsent, saying why', async () => {
    const connection = await connectFixture(
      {},
      { ...options({ baseDelayMs: 2_000, maxDelayMs: 2_000 }), whileReconnecting: "fail" },
    );
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    const error = await rejection(
      connection.callTool("echo", { text: "x" }, { timeoutMs: 30_000 }),
    );
    expect(connection.state).toBe("reconnecting"); // refused without waiting for the reconnect
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.mayHaveRun).toBeUndefined();
    expect(error.message).toMatch(
      /^tools\/call "echo" was not sent: server "fx" is reconnecting \(it dropped: .+\) and calls are set not to wait \(whileReconnecting: "fail"\)\. Try again in a moment\.$/,
    );
    const listing = await rejection(connection.listResources({ timeoutMs: 30_000 }));
    expect(listing.message).toContain("resources/list was not sent");
    // A call may still ask to wait, and then succeeds once the server is back.
    expect(
      textOf(
        await connection.callTool(
          "echo",
          { text: "waited" },
          { timeoutMs: 30_000, whileReconnecting: "wait" },
        ),
      ),
    ).toBe("waited");
  });

  it('a call can refuse to wait on its own with whileReconnecting "fail"', async () => {
    const connection = await connectFixture({}, options({ baseDelayMs: 2_000, maxDelayMs: 2_000 }));
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    const error = await rejection(
      connection.callTool("echo", { text: "x" }, { whileReconnecting: "fail" }),
    );
    expect(error.code).toBe("NOT_CONNECTED");
    expect(connection.state).toBe("reconnecting");
  });

  it("rejects a whileReconnecting that is neither wait nor fail, naming it", async () => {
    const { command, args } = fixtureServer();
    const bad = { whileReconnecting: "later" } as unknown as ConnectOptions;
    const error = await rejection(connectServer("fx", { command, args }, bad));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(
      'connectServer options.whileReconnecting: expected "wait" or "fail", got "later"',
    );
    const connection = await connectFixture();
    const perCall = { whileReconnecting: "soon" } as unknown as { timeoutMs: number };
    const callError = await rejection(connection.callTool("echo", { text: "x" }, perCall));
    expect(callError.message).toContain('tools/call "echo" options.whileReconnecting');
  });

  it("a call waiting for a reconnect is bounded by its own timeout", async () => {
    const connection = await connectFixture({}, options({ baseDelayMs: 5_000, maxDelayMs: 5_000 }));
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    const error = await rejection(connection.callTool("echo", { text: "x" }, { timeoutMs: 200 }));
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(error.message).toContain("waiting for the server to reconnect");
  });

  it("a call that waited for a reconnect and then times out names its timeout as set", async () => {
    const connection = await connectFixture({}, options({ baseDelayMs: 400, maxDelayMs: 400 }));
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    // Part of the 1500 ms goes on the reconnect; the call is sent with what is left.
    const error = await rejection(connection.callTool("hang", {}, { timeoutMs: 1_500 }));
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(error.message).toContain('Tool "hang" on server "fx" did not answer within 1500 ms;');
  });

  it("a call in flight when the server crashes fails with the stderr tail, then the server comes back", async () => {
    const connection = await connectFixture({ crashOn: "add" });
    const error = await rejection(connection.callTool("add", { a: 1, b: 2 }));
    expect(error.code).toBe("SERVER_EXITED");
    expect(error.message).toContain("fixture: crashing on purpose in tool add");
    expect(error.stderrTail).toContain("fixture: crashing on purpose in tool add");
    expect(textOf(await connection.callTool("echo", { text: "again" }))).toBe("again");
  });

  it("survives a server that exits after every call while the retry budget lasts", async () => {
    const connection = await connectFixture({ exitAfterCalls: 1 }, options({ sessionRetries: 10 }));
    const states = recordStates(connection);
    const drops = () => states.filter((state) => state === "reconnecting").length;
    for (let i = 0; i < 4; i++) {
      expect(
        textOf(await connection.callTool("echo", { text: `call ${i}` }, { timeoutMs: 10_000 })),
      ).toBe(`call ${i}`);
      // the process exits after answering; wait until the connection has noticed, so the
      // next call goes to (or waits for) the replacement instead of racing the exit
      await expect.poll(drops, { timeout: 15_000 }).toBe(i + 1);
    }
    await reach(connection, "ready");
    expect(connection.state).toBe("ready");
  });

  it("goes failed when the server cannot be restarted, and calls return at once with the reason", async () => {
    const flag = join(scratch, "started-once");
    const script = `if [ -e '${flag}' ]; then echo 'refusing to start again' >&2; exit 5; fi; touch '${flag}'; exec '${process.execPath}' '${fixtureServerPath}'`;
    const connection = guard.track(
      await connectServer(
        "once",
        { command: "sh", args: ["-c", script], env: guard.env() },
        options({ sessionRetries: 2 }),
      ),
    );
    const states = recordStates(connection);
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "failed");
    expect(states).toEqual(["reconnecting", "failed"]);
    const error = await rejection(
      connection.callTool("echo", { text: "x" }, { timeoutMs: 30_000 }),
    );
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.message).toContain("exited with code 5");
    expect(error.message).toContain("refusing to start again");
    expect(error.stderrTail).toContain("refusing to start again");
    await rejection(connection.listTools());
  });

  it("restores the retry budget once the connection stayed healthy", async () => {
    const connection = await connectFixture(
      {},
      options({ sessionRetries: 1, healthyAfterMs: 200 }),
    );
    // with a budget of one retry, the second drop is survived only if the budget came back
    for (let round = 0; round < 2; round++) {
      process.kill(await serverPid(connection), "SIGKILL");
      await reach(connection, "reconnecting");
      await reach(connection, "ready");
      await new Promise((resolve) => setTimeout(resolve, 400)); // healthy long enough
    }
    expect(textOf(await connection.callTool("echo", { text: "still" }))).toBe("still");
  });

  it("without a healthy period the budget runs out: the next drop goes failed at once, saying why", async () => {
    const connection = await connectFixture(
      {},
      options({ sessionRetries: 1, healthyAfterMs: 60_000 }),
    );
    const states = recordStates(connection);
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    await reach(connection, "ready");
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "failed");
    expect(states).toEqual(["reconnecting", "ready", "failed"]);
    const error = await rejection(connection.callTool("echo", { text: "x" }));
    expect(error.message).toContain(
      "; not reconnecting: the one reconnect allowed (reconnect.sessionRetries) was used since it last stayed up for 60 s.",
    );
  });

  it("with sessionRetries 0 a drop goes failed at once, never reconnecting, and calls say why", async () => {
    const connection = await connectFixture({}, options({ sessionRetries: 0 }));
    const states = recordStates(connection);
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "failed");
    expect(states).toEqual(["failed"]);
    const error = await rejection(connection.callTool("echo", { text: "x" }));
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.message).toMatch(
      /^Server "fx" is not available \(not reconnecting\): Server "fx" .*; not reconnecting: reconnects are off \(reconnect\.sessionRetries is 0\)\./,
    );
    expect(McpTransportError.isInstance(error.cause) && error.cause.code).toBe("SERVER_EXITED");
  });

  it("re-reads tools after a reconnect (onToolsListChanged fires)", async () => {
    const connection = await connectFixture();
    let fired = false;
    connection.onToolsListChanged(() => {
      fired = true;
    });
    process.kill(await serverPid(connection), "SIGKILL");
    await reach(connection, "reconnecting");
    await reach(connection, "ready");
    expect(fired).toBe(true);
  });

  it("health pings notice a server that stopped answering and replace it", async () => {
    const connection = await connectFixture(
      {},
      // the ping timeout equals the interval: 500 ms leaves a healthy but loaded server time to answer
      { ...options(), pingIntervalMs: 500, killAfterMs: 1_000 },
    );
    const before = await serverPid(connection);
    process.kill(before, "SIGSTOP"); // alive but silent
    try {
      await reach(connection, "reconnecting");
      await reach(connection, "ready");
    } finally {
      try {
        process.kill(before, "SIGCONT");
      } catch {
        // already gone
      }
    }
    expect(await serverPid(connection)).not.toBe(before);
  });
});
