import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  processesWithMarker,
  waitForMarkedPids,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { type FixtureServerOptions, fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterEach, describe, expect, it } from "vitest";
import { rejection, serverPid } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import { prestartStdioServers } from "./stdio/prestart.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The fixture server behind a shell that first appends a line to a file: the file says how
 * many times the server was spawned, even when a spawned process is gone again by the time
 * the test looks (no process count can show that).
 */
function countedServer(options: FixtureServerOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-abort-"));
  dirs.push(dir);
  const log = join(dir, "spawns");
  const { command, args } = fixtureServer(options);
  const config = {
    command: "/bin/sh",
    args: ["-c", 'echo spawned >> "$0"; exec "$@"', log, command, ...args],
    env: guard.env(),
  };
  const spawns = () => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  return { config, spawns };
}

describe("connectServer's signal", () => {
  it("the wrapper counts spawns (so the zero counts below can fail)", async () => {
    const { config, spawns } = countedServer();
    const connection = guard.track(await connectServer("fx", config));
    expect(spawns()).toBe(1);
    await connection.close();
  });

  it("already aborted: spawns nothing and rejects with ABORTED", async () => {
    const { config, spawns } = countedServer();
    const error = await rejection(connectServer("fx", config, { signal: AbortSignal.abort() }));
    expect(error.code).toBe("ABORTED");
    expect(error.server).toBe("fx");
    expect(error.message).toContain('Connecting to server "fx" was aborted');
    expect(spawns()).toBe(0);
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("aborted right after the call (before the spawn): spawns nothing and rejects with ABORTED", async () => {
    const { config, spawns } = countedServer();
    const controller = new AbortController();
    const connecting = connectServer("fx", config, { signal: controller.signal });
    controller.abort();
    expect((await rejection(connecting)).code).toBe("ABORTED");
    expect(spawns()).toBe(0);
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("aborted while the server hangs in initialize: stops it and rejects with ABORTED", async () => {
    const { config, spawns } = countedServer({ hangInitialize: true });
    const controller = new AbortController();
    const connecting = connectServer("fx", config, {
      signal: controller.signal,
      timeouts: { connectMs: 60_000 },
    });
    await waitForMarkedPids(guard.marker(), 1);
    controller.abort();
    const error = await rejection(connecting);
    expect(error.code).toBe("ABORTED");
    expect(spawns()).toBe(1);
    expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000)).toEqual([]);
  }, 30_000);

  it("aborted while waiting to retry: spawns no further attempt and rejects with ABORTED", async () => {
    const { config, spawns } = countedServer({ exitOnStart: 3 });
    const controller = new AbortController();
    const connecting = connectServer("fx", config, {
      signal: controller.signal,
      reconnect: { initialRetries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      onLog: (line) => {
        if (line.includes("retry 1 of 3")) controller.abort();
      },
    });
    expect((await rejection(connecting)).code).toBe("ABORTED");
    expect(spawns()).toBe(1);
  }, 30_000);

  it("does not adopt a pre-started server once aborted; the pre-started set still stops it", async () => {
    const { command, args } = fixtureServer();
    const config = { command, args, env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    const [early] = await waitForMarkedPids(guard.marker(), 1);
    const error = await rejection(connectServer("fx", config, { signal: AbortSignal.abort() }));
    expect(error.code).toBe("ABORTED");
    expect(processesWithMarker(guard.marker()).map((p) => p.pid)).toEqual([early]);
    await prestarted.close(); // not adopted: still the set's to stop
    expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000)).toEqual([]);
  }, 30_000);

  it("covers the connect only: aborting after it resolved leaves the connection working", async () => {
    const controller = new AbortController();
    const { command, args } = fixtureServer();
    const connection = guard.track(
      await connectServer("fx", { command, args, env: guard.env() }, { signal: controller.signal }),
    );
    controller.abort();
    expect(connection.state).toBe("ready");
    expect(await serverPid(connection)).toBeGreaterThan(0);
  });
});
