import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { descendantsOf, processesWithMarker } from "@tinyloop/test-fixtures";
import { fixtureServer, LONG_TOOL_NAME, TINY_PNG } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { fixtureConnector } from "./__fixtures__/connect-fixture.js";
import { untilFileLine } from "./__fixtures__/file-line.js";
import { rejection, textOf } from "./__fixtures__/helpers.js";
import {
  PLANTED_SECRETS,
  unexpectedVariables,
  withPlantedSecrets,
} from "./__fixtures__/leak-check.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions } from "./connection-types.js";
import { prestartStdioServers } from "./stdio/prestart.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const fast: ConnectOptions = { reconnect: { initialRetries: 0, baseDelayMs: 20, maxDelayMs: 50 } };
const connectFixture = fixtureConnector(guard, fast);

describe("connectServer over stdio (fixture server)", () => {
  it("initializes and exposes serverInfo, capabilities and state", async () => {
    const connection = await connectFixture({ name: "my-fixture" });
    expect(connection.state).toBe("ready");
    expect(connection.name).toBe("fx");
    expect(connection.serverInfo).toEqual({ name: "my-fixture", version: "1.0.0" });
    expect(connection.capabilities?.tools?.listChanged).toBe(true);
  });

  it("lists every tool across pages", async () => {
    const connection = await connectFixture({ tools: 40, pageSize: 7 });
    const tools = await connection.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("echo");
    expect(names).toContain("tool_40");
    expect(names).toContain(LONG_TOOL_NAME);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(15 + 40);
    expect(tools.find((tool) => tool.name === "structured")?.outputSchema).toMatchObject({
      type: "object",
    });
  });

  it("calls tools and returns every content type", async () => {
    const connection = await connectFixture();
    expect(await connection.callTool("add", { a: 2, b: 40 })).toEqual({
      content: [{ type: "text", text: "42" }],
    });
    expect((await connection.callTool("image", {})).content).toEqual([
      { type: "image", mimeType: "image/png", data: TINY_PNG },
    ]);
    const types = (await connection.callTool("content_types", {})).content.map(
      (block) => block.type,
    );
    expect(types).toEqual(["text", "image", "audio", "resource", "resource", "resource_link"]);
    const failed = await connection.callTool("fail", { message: "nope" });
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([{ type: "text", text: "fixture failure: nope" }]);
  });

  it("returns content when a tool with outputSchema omits or mismatches structuredContent", async () => {
    const connection = await connectFixture();
    await connection.listTools(); // the SDK Client would cache output validators here
    expect(await connection.callTool("structured", { a: 1, b: 2, mode: "omit" })).toEqual({
      content: [{ type: "text", text: "3" }],
    });
    const mismatch = await connection.callTool("structured", { a: 1, b: 2, mode: "mismatch" });
    expect(mismatch.structuredContent).toEqual({ sum: "3" });
    const ok = await connection.callTool("structured", { a: 1, b: 2 });
    expect(ok.structuredContent).toEqual({ sum: 3 });
  });

  it("reports a JSON-RPC error answer as RPC_ERROR, with the stderr tail", async () => {
    const connection = await connectFixture({ stderrLines: ["fixture booted"] });
    const error = await rejection(connection.callTool("no_such_tool", {}));
    expect(error.code).toBe("RPC_ERROR");
    expect(error.message).toContain("no_such_tool");
    expect(error.stderrTail).toContain("fixture booted");
    expect(error.message).toContain("fixture booted");
    expect(connection.state).toBe("ready");
  });

  it("carries a 64 MiB base64 image result without closing the transport", async () => {
    const connection = await connectFixture();
    const bytes = 64 * 1024 * 1024;
    const result = await connection.callTool("big", { bytes, kind: "image" });
    const block = result.content[0];
    expect(block?.type === "image" && block.data.length).toBe(bytes);
    expect(await connection.callTool("echo", { text: "still here" })).toEqual({
      content: [{ type: "text", text: "still here" }],
    });
  });

  it("reports non-JSON stdout once per burst and keeps the connection", async () => {
    const logs: string[] = [];
    const connection = await connectFixture(
      { garbage: true },
      { ...fast, onLog: (line) => logs.push(line) },
    );
    // in parallel, so the calls' garbage is one burst however slow the machine is
    await Promise.all([0, 1, 2, 3, 4].map((i) => connection.callTool("echo", { text: `n${i}` })));
    expect(await connection.callTool("echo", { text: "ok" })).toEqual({
      content: [{ type: "text", text: "ok" }],
    });
    // 1 line at start + 2 before each of the 6 results: all kept, at most 2 reports
    // (the start-up burst and the calls' burst)
    const kept = connection.stderrTail().filter((line) => line.startsWith("[stdout] "));
    expect(kept).toHaveLength(13);
    const reports = logs.filter((line) => line.includes("printed non-JSON-RPC output on stdout"));
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.length).toBeLessThanOrEqual(2);
  });

  it("drains a flood of stderr and keeps the last 50 lines", async () => {
    const connection = await connectFixture({
      floodStderrBytes: 4 * 1024 * 1024,
      stderrLines: ["last words"],
    });
    expect(await connection.callTool("echo", { text: "ok" })).toEqual({
      content: [{ type: "text", text: "ok" }],
    });
    const tail = connection.stderrTail();
    expect(tail.length).toBe(50);
    expect(tail.every((line) => /^e+$/.test(line))).toBe(true);
  });

  it("passes only the safe list plus the config's env to the server", async () => {
    await withPlantedSecrets(async () => {
      const { command, args } = fixtureServer();
      const connection = guard.track(
        await connectServer("fx", { command, args, env: { ...guard.env(), CHOSEN: "yes" } }, fast),
      );
      const env = JSON.parse(textOf(await connection.callTool("env", {}))) as Record<
        string,
        string
      >;
      expect(env.CHOSEN).toBe("yes");
      for (const name of Object.keys(PLANTED_SECRETS)) expect(env[name]).toBeUndefined();
      expect(unexpectedVariables(env, ["CHOSEN"])).toEqual([]);
    });
  });

  it("fails with SERVER_NOT_FOUND naming a command that does not exist, without retrying", async () => {
    const logs: string[] = [];
    const error = await rejection(
      connectServer(
        "ghost",
        { command: "tinyloop-no-such-binary", env: guard.env() },
        { reconnect: { initialRetries: 3, baseDelayMs: 10 }, onLog: (line) => logs.push(line) },
      ),
    );
    expect(error.code).toBe("SERVER_NOT_FOUND");
    expect(error.message).toContain('"tinyloop-no-such-binary"');
    expect(error.server).toBe("ghost");
    expect(logs.filter((line) => line.includes("retry"))).toEqual([]);
  });

  it("fails with CONFIG_INVALID before spawning anything", async () => {
    const error = await rejection(connectServer("bad", { command: 42 } as never));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain("bad.command: expected a string, got a number (42)");
    // a startable server with one bad field: still nothing may run, not even briefly
    const { command, args } = fixtureServer({ linger: true, ignoreSigterm: true });
    const spawnable = { command, args, env: guard.env(), timeouts: { callMs: -1 } };
    const second = await rejection(connectServer("bad", spawnable));
    expect(second.code).toBe("CONFIG_INVALID");
    expect(second.message).toContain("bad.timeouts.callMs");
    expect(processesWithMarker(guard.marker())).toEqual([]);
    expect(descendantsOf(process.pid)).toEqual([]);
  });

  it("lets options override the config's timeouts, and uses the config's otherwise", async () => {
    const { command, args } = fixtureServer({ hangInitialize: true });
    const slowConfig = { command, args, env: guard.env(), timeouts: { connectMs: 60_000 } };
    const error = await rejection(
      connectServer("fx", slowConfig, { ...fast, timeouts: { connectMs: 1_000 } }),
    );
    expect(error.code).toBe("CONNECT_TIMEOUT");
    expect(error.message).toContain("within 1000 ms");
    const fixture = fixtureServer();
    const connection = guard.track(
      await connectServer(
        "fx",
        { ...fixture, env: guard.env(), timeouts: { callMs: 300 } },
        { reconnect: { initialRetries: 0 } },
      ),
    );
    const timedOut = await rejection(connection.callTool("hang", {}));
    expect(timedOut.code).toBe("CALL_TIMEOUT");
    expect(timedOut.message).toContain("within 300 ms");
  });

  it("lets options override the config's reconnect policy", async () => {
    const logs: string[] = [];
    const { command, args } = fixtureServer({ exitOnStart: 1 });
    const config = { command, args, env: guard.env(), reconnect: { initialRetries: 5 } };
    await rejection(
      connectServer("fx", config, {
        reconnect: { initialRetries: 1, baseDelayMs: 10 },
        onLog: (line) => logs.push(line),
      }),
    );
    expect(logs.filter((line) => line.includes("connect failed"))).toEqual([
      expect.stringContaining("retry 1 of 1"),
    ]);
  });

  it("reports the exit code and stderr tail of a server that exits during start", async () => {
    const { command, args } = fixtureServer({
      stderrLines: ["config file missing: /etc/x.yaml"],
      exitOnStart: 7,
    });
    const error = await rejection(connectServer("dies", { command, args, env: guard.env() }, fast));
    expect(error.code).toBe("SERVER_EXITED");
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain("exited with code 7 during start");
    expect(error.stderrTail).toContain("config file missing: /etc/x.yaml");
    expect(error.message).toContain("config file missing: /etc/x.yaml");
  });

  it("retries a failing start initialRetries times, then fails", async () => {
    const logs: string[] = [];
    const { command, args } = fixtureServer({ stderrLines: ["attempt"], exitOnStart: 1 });
    const started = connectServer(
      "flaky",
      { command, args, env: guard.env() },
      {
        reconnect: { initialRetries: 2, baseDelayMs: 10, maxDelayMs: 20 },
        onLog: (line) => logs.push(line),
      },
    );
    const error = await rejection(started);
    expect(error.code).toBe("SERVER_EXITED");
    // one stderr tail shared across attempts: three starts, three "attempt" lines
    expect(error.stderrTail?.filter((line) => line === "attempt")).toHaveLength(3);
    expect(logs.filter((line) => line.includes("connect failed (SERVER_EXITED), retry"))).toEqual([
      expect.stringContaining("retry 1 of 2"),
      expect.stringContaining("retry 2 of 2"),
    ]);
  });

  it("times out a server that never answers initialize with CONNECT_TIMEOUT, naming its stderr line", async () => {
    // Pre-started, and connected only once the server has printed its line and serves: the
    // line is read before the timer starts, however long Node takes to boot the fixture.
    const dir = mkdtempSync(join(tmpdir(), "tinyloop-connect-timeout-"));
    guard.defer(() => rmSync(dir, { recursive: true, force: true }));
    const startsLog = join(dir, "starts.log");
    const { command, args } = fixtureServer({
      hangInitialize: true,
      stderrLines: ["booting"],
      startsLog,
    });
    const config = { command, args, env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    await untilFileLine(startsLog, "serving ");
    // One turn of the event loop after that: its poll phase reads the pending stderr bytes.
    await new Promise((resolve) => setImmediate(resolve));
    const error = await rejection(
      connectServer("fx", config, { ...fast, timeouts: { connectMs: 300 } }),
    );
    expect(error.code).toBe("CONNECT_TIMEOUT");
    expect(error.message).toBe(
      'Server "fx" did not answer initialize within 300 ms (timeouts.connectMs).\nLast stderr lines:\n  booting',
    );
    expect(readFileSync(startsLog, "utf8").match(/^start /gm)).toHaveLength(1); // adopted
  });

  it("does not retry a first connect that timed out: one start, no retry line", async () => {
    const logs: string[] = [];
    const { command, args } = fixtureServer({ hangInitialize: true, stderrLines: ["booting"] });
    const error = await rejection(
      connectServer(
        "silent",
        { command, args, env: guard.env() },
        {
          timeouts: { connectMs: 2_000 },
          reconnect: { initialRetries: 3, baseDelayMs: 10, maxDelayMs: 20 },
          onLog: (line) => logs.push(line),
        },
      ),
    );
    expect(error.code).toBe("CONNECT_TIMEOUT");
    // One start: its stderr line once, and no "retry" log.
    expect(error.stderrTail?.filter((line) => line === "booting")).toHaveLength(1);
    expect(logs.filter((line) => line.includes("connect failed"))).toEqual([]);
  });

  it("waits for a slow-starting server within connectMs", async () => {
    const connection = await connectFixture({ startDelayMs: 500 });
    expect(connection.state).toBe("ready");
  });
});
