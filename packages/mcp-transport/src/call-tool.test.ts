import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { fixtureConnector } from "./__fixtures__/connect-fixture.js";
import { rejection, textOf } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import type { ConnectOptions } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const fast: ConnectOptions = { reconnect: { initialRetries: 0, baseDelayMs: 20, maxDelayMs: 50 } };
const connectFixture = fixtureConnector(guard, fast);

describe("callTool timeout, cancellation and progress", () => {
  it("times out a hung call with CALL_TIMEOUT and the server receives notifications/cancelled", async () => {
    const connection = await connectFixture({ stderrLines: ["fixture booted"] });
    const error = await rejection(connection.callTool("hang", {}, { timeoutMs: 200 }));
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(error.message).toContain("200 ms");
    expect(error.stderrTail).toContain("fixture booted");
    expect(error.message).toContain("fixture booted");
    expect(JSON.parse(textOf(await connection.callTool("stats", {})))).toMatchObject({
      cancelled: 1,
    });
    expect(connection.stderrTail()).toContain("fixture: request cancelled");
  });

  it("rejects with ABORTED when the signal aborts, and the server is told", async () => {
    const connection = await connectFixture({ stderrLines: ["fixture booted"] });
    const controller = new AbortController();
    const call = connection.callTool("sleep", { ms: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(call);
    expect(error.code).toBe("ABORTED");
    expect(error.stderrTail).toContain("fixture booted");
    expect(JSON.parse(textOf(await connection.callTool("stats", {})))).toMatchObject({
      cancelled: 1,
    });
  });

  it("rejects at once with ABORTED when the signal is already aborted", async () => {
    const connection = await connectFixture();
    const error = await rejection(
      connection.callTool("echo", { text: "x" }, { signal: AbortSignal.abort() }),
    );
    expect(error.code).toBe("ABORTED");
  });

  it("lets progress reset the timeout and reports every step", async () => {
    const connection = await connectFixture();
    const seen: number[] = [];
    // The server needs at least 10 × 200 ms = 2 s, twice the timeout, so the call only
    // succeeds if progress restarts the timer; each 200 ms gap leaves 800 ms of slack for load.
    const result = await connection.callTool(
      "progress",
      { steps: 10, delayMs: 200 },
      { timeoutMs: 1_000, onProgress: (p) => seen.push(p.progress) },
    );
    expect(result.content).toEqual([{ type: "text", text: "done 10 steps" }]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("bounds a progressing call by maxTotalMs", async () => {
    // maxTotalMs is below timeoutMs, so the per-gap timeout can never be the one that fires,
    // however slow the machine; progress would keep the call alive for 100 × 50 ms = 5 s.
    const connection = await connectFixture({}, { ...fast, timeouts: { maxTotalMs: 1_000 } });
    const error = await rejection(
      connection.callTool(
        "progress",
        { steps: 100, delayMs: 50 },
        { timeoutMs: 3_000, onProgress: () => {} },
      ),
    );
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(error.message).toContain("1000 ms in total (timeouts.maxTotalMs)");
  });

  it("without onProgress the plain timeout applies", async () => {
    const connection = await connectFixture();
    const error = await rejection(
      connection.callTool("progress", { steps: 8, delayMs: 100 }, { timeoutMs: 300 }),
    );
    expect(error.code).toBe("CALL_TIMEOUT");
  });
});

describe("tools/list_changed", () => {
  it("fires onToolsListChanged when the server changes its tools", async () => {
    const connection = await connectFixture();
    let fired = 0;
    const changed = new Promise<void>((resolve) =>
      connection.onToolsListChanged(() => {
        fired++;
        resolve();
      }),
    );
    await connection.callTool("add_tool", { name: "fresh_tool" });
    await changed;
    expect(fired).toBe(1);
    expect((await connection.listTools()).map((tool) => tool.name)).toContain("fresh_tool");
  });

  it("fires for a server that changes its tools on its own", async () => {
    const connection = await connectFixture({ listChangedAfterMs: 500 });
    await new Promise<void>((resolve) => connection.onToolsListChanged(resolve));
    expect((await connection.listTools()).map((tool) => tool.name)).toContain("late_tool");
  });
});
