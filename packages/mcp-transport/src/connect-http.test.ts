import {
  type FixtureServerOptions,
  startFixtureHttpServer,
} from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { reach, recordStates, rejection, textOf } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const quick: ConnectOptions = {
  reconnect: { initialRetries: 0, baseDelayMs: 50, maxDelayMs: 200 },
};

async function startServer(options: FixtureServerOptions = {}) {
  const server = await startFixtureHttpServer(options, guard.env());
  guard.defer(() => server.close());
  return server;
}

describe("Streamable HTTP (fixture server)", () => {
  it("connects, lists every page of tools and calls tools", async () => {
    const server = await startServer({ name: "http-fixture", pageSize: 5 });
    const connection = guard.track(
      await connectServer("web", { type: "http", url: server.url }, quick),
    );
    expect(connection.serverInfo?.name).toBe("http-fixture");
    expect((await connection.listTools()).length).toBe(15);
    expect(textOf(await connection.callTool("add", { a: 20, b: 22 }))).toBe("42");
    expect(connection.stderrTail()).toEqual([]);
  });

  it("reports progress, and a timed-out call is cancelled on the server", async () => {
    const server = await startServer();
    const connection = guard.track(await connectServer("web", { url: server.url }, quick));
    const steps: number[] = [];
    await connection.callTool(
      "progress",
      { steps: 3 },
      { onProgress: (p) => steps.push(p.progress) },
    );
    expect(steps).toEqual([1, 2, 3]);
    const error = await rejection(connection.callTool("hang", {}, { timeoutMs: 200 }));
    expect(error.code).toBe("CALL_TIMEOUT");
    await expect
      .poll(async () => JSON.parse(textOf(await connection.callTool("stats", {}))).cancelled)
      .toBe(1);
  });

  it("sends the configured headers on every request", async () => {
    const server = await startServer({ requireToken: "tok-123" });
    const connection = guard.track(
      await connectServer(
        "web",
        { url: server.url, headers: { Authorization: "Bearer tok-123" } },
        quick,
      ),
    );
    // initialize, tools/list, tools/call and the final DELETE each pass the server's check
    expect((await connection.listTools()).length).toBeGreaterThan(0);
    expect(textOf(await connection.callTool("echo", { text: "authorized" }))).toBe("authorized");
    await connection.close();
    expect(server.stderr()).toContain("fixture: session closed");
  });

  it("fails with AUTH on 401 without printing the credentials", async () => {
    const server = await startServer({ requireToken: "right-token" });
    const error = await rejection(
      connectServer(
        "web",
        { url: server.url, headers: { Authorization: "Bearer wrong-secret-value" } },
        quick,
      ),
    );
    expect(error.code).toBe("AUTH");
    expect(error.status).toBe(401);
    expect(error.message).toContain("refused the credentials");
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(
      "wrong-secret-value",
    );
  });

  it("fails with AUTH on 403 too, and does not retry", async () => {
    const server = await startServer({ requireToken: "right-token", authStatus: 403 });
    const logs: string[] = [];
    const error = await rejection(
      connectServer(
        "web",
        { type: "http", url: server.url, headers: { "X-Api-Key": "k" } },
        { reconnect: { initialRetries: 5, baseDelayMs: 10 }, onLog: (line) => logs.push(line) },
      ),
    );
    expect(error.code).toBe("AUTH");
    expect(error.status).toBe(403);
    expect(logs.filter((line) => line.includes("retry"))).toEqual([]);
  });

  it("re-initializes once and retries when the session expired (404)", async () => {
    const server = await startServer({ expireSessionAfter: 4 });
    const connection = guard.track(
      await connectServer("web", { type: "http", url: server.url }, quick),
    );
    const states = recordStates(connection);
    for (let i = 0; i < 5; i++)
      expect(textOf(await connection.callTool("echo", { text: `n${i}` }))).toBe(`n${i}`);
    const stats = JSON.parse(textOf(await connection.callTool("stats", {}))) as {
      sessions: number;
    };
    expect(stats.sessions).toBeGreaterThan(1);
    expect(states).toContain("reconnecting");
    expect(connection.state).toBe("ready");
  });

  it("comes back when the server is killed and started again on the same port", async () => {
    const first = await startServer();
    const patient: ConnectOptions = {
      reconnect: { initialRetries: 0, sessionRetries: 10, baseDelayMs: 200, maxDelayMs: 1_000 },
    };
    const connection = guard.track(
      await connectServer("web", { type: "http", url: first.url }, patient),
    );
    expect(textOf(await connection.callTool("echo", { text: "one" }))).toBe("one");
    await first.kill();
    // this call finds the server gone, reconnects (with backoff) and is retried once
    const [result] = await Promise.all([
      connection.callTool("echo", { text: "two" }, { timeoutMs: 20_000 }),
      startServer({ port: first.port }),
    ]);
    expect(textOf(result)).toBe("two");
  });

  it("fails with UNREACHABLE when nothing listens", async () => {
    const server = await startServer();
    await server.kill();
    const error = await rejection(connectServer("web", { url: server.url }, quick));
    expect(error.code).toBe("UNREACHABLE");
    expect(error.message).toContain(`127.0.0.1:${server.port}`);
  });
});

describe("legacy SSE (fixture server)", () => {
  it("connects with type sse and calls tools", async () => {
    const server = await startServer({ transport: "sse" });
    const connection = guard.track(
      await connectServer("old", { type: "sse", url: server.url }, quick),
    );
    expect(textOf(await connection.callTool("echo", { text: "sse" }))).toBe("sse");
    expect((await connection.listTools()).length).toBe(15);
  });

  it("falls back from Streamable HTTP to SSE when type is omitted and the POST gets a 4xx", async () => {
    const server = await startServer({ transport: "sse" });
    const logs: string[] = [];
    const connection = guard.track(
      await connectServer(
        "old",
        { url: server.url },
        { ...quick, onLog: (line) => logs.push(line) },
      ),
    );
    expect(textOf(await connection.callTool("add", { a: 1, b: 1 }))).toBe("2");
    expect(logs.some((line) => line.includes("falling back to legacy SSE"))).toBe(true);
  });

  it("does not fall back when type is http", async () => {
    const server = await startServer({ transport: "sse" });
    const error = await rejection(connectServer("old", { type: "http", url: server.url }, quick));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.status).toBe(405);
  });

  it("falls back to SSE at most once when SSE is refused too", async () => {
    const server = await startServer({ transport: "sse" });
    const logs: string[] = [];
    const nowhere = new URL("/nowhere", server.url).href;
    const error = await rejection(
      connectServer("web", { url: nowhere }, { ...quick, onLog: (line) => logs.push(line) }),
    );
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.status).toBe(404);
    expect(logs.filter((line) => line.includes("falling back to legacy SSE"))).toHaveLength(1);
  });

  it("decides on SSE once: a server that spoke Streamable HTTP first is not switched to SSE later", async () => {
    const first = await startServer();
    const logs: string[] = [];
    const connection = guard.track(
      await connectServer(
        "web",
        { url: first.url },
        { ...quick, onLog: (line) => logs.push(line) },
      ),
    );
    expect(textOf(await connection.callTool("echo", { text: "http" }))).toBe("http");
    // The same address now answers POSTs with a 4xx (an SSE-only server took its port).
    await first.kill();
    await startServer({ port: first.port, transport: "sse" });
    const error = await rejection(connection.callTool("echo", { text: "again" }));
    expect(error.message).toContain("answered HTTP 404");
    expect(logs.filter((line) => line.includes("falling back to legacy SSE"))).toEqual([]);
  });

  it("reconnects an SSE session after the server restarts", async () => {
    const first = await startServer({ transport: "sse" });
    const patient: ConnectOptions = {
      reconnect: { initialRetries: 0, sessionRetries: 10, baseDelayMs: 200, maxDelayMs: 1_000 },
    };
    const connection = guard.track(
      await connectServer("old", { type: "sse", url: first.url }, patient),
    );
    await first.kill();
    await startServer({ transport: "sse", port: first.port });
    const call = connection.callTool("echo", { text: "again" }, { timeoutMs: 20_000 });
    expect(textOf(await call)).toBe("again");
    await reach(connection, "ready");
  });
});
