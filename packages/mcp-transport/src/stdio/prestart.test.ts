import { fileURLToPath } from "node:url";
import {
  processesWithMarker,
  waitForMarkedPids,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { reach, rejection, serverPid } from "../__fixtures__/helpers.js";
import { startParentProgram } from "../__fixtures__/parent-program.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { connectServer } from "../connect-server.js";
import { prestartStdioServers } from "./prestart.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

describe("prestartStdioServers", () => {
  it("starts the process before connectServer, which adopts it instead of spawning another", async () => {
    const { command, args } = fixtureServer();
    const config = { command, args, env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    expect(prestarted.names).toEqual(["fx"]);
    const [early] = await waitForMarkedPids(guard.marker(), 1);
    const connection = guard.track(await connectServer("fx", config));
    expect(await serverPid(connection)).toBe(early);
    expect(processesWithMarker(guard.marker())).toHaveLength(1);
    await prestarted.close(); // adopted: not the set's to stop
    expect(await connection.callTool("echo", { text: "still here" })).toEqual({
      content: [{ type: "text", text: "still here" }],
    });
  });

  it("is not adopted by a config that spawns something else; close() stops it", async () => {
    const { command, args } = fixtureServer();
    const prestarted = prestartStdioServers({ fx: { command, args, env: guard.env() } });
    const [early] = await waitForMarkedPids(guard.marker(), 1);
    const other = fixtureServer({ stderrLines: ["other"] });
    const connection = guard.track(
      await connectServer("fx", { command: other.command, args: other.args, env: guard.env() }),
    );
    expect(await serverPid(connection)).not.toBe(early);
    await prestarted.close();
    const left = processesWithMarker(guard.marker()).map((p) => p.pid);
    expect(left).not.toContain(early);
    expect(left).toEqual([await serverPid(connection)]);
  });

  it("close() takes down the whole process group (server and child) of a server that ignores the end of stdin", async () => {
    const { command, args } = fixtureServer({
      linger: true,
      spawnChild: true,
    });
    const prestarted = prestartStdioServers({ fx: { command, args, env: guard.env() } });
    await waitForMarkedPids(guard.marker(), 2); // the server and its child
    await prestarted.close();
    expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000)).toEqual([]);
  }, 30_000);

  it("skips disabled servers and servers without a command", async () => {
    const { command, args } = fixtureServer();
    const prestarted = prestartStdioServers({
      off: { command, args, env: guard.env(), enabled: false },
    });
    expect(prestarted.names).toEqual([]);
    await prestarted.close();
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("a failed pre-start fails connectServer as a spawn would (SERVER_NOT_FOUND, not retried)", async () => {
    const config = { command: "tinyloop-no-such-command", env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    const error = await rejection(connectServer("fx", config, { reconnect: { baseDelayMs: 10 } }));
    expect(error.code).toBe("SERVER_NOT_FOUND");
    expect(error.message).toContain('command "tinyloop-no-such-command" was not found');
  });

  it("keeps the stderr of a pre-started server that dies while starting, for connectServer's error", async () => {
    const { command, args } = fixtureServer({
      stderrLines: ["boot failed: no disk"],
      exitOnStart: 3,
    });
    const config = { command, args, env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    const error = await rejection(
      connectServer("fx", config, { reconnect: { initialRetries: 0 } }),
    );
    expect(error.code).toBe("SERVER_EXITED");
    expect(error.message).toContain("boot failed: no disk");
  });

  it("a reconnect after the adopted process crashed spawns a new one", async () => {
    const { command, args } = fixtureServer();
    const config = { command, args, env: guard.env() };
    const prestarted = prestartStdioServers({ fx: config });
    guard.defer(() => prestarted.close());
    const connection = guard.track(
      await connectServer("fx", config, { reconnect: { baseDelayMs: 10 } }),
    );
    const first = await serverPid(connection);
    process.kill(first, "SIGKILL");
    await reach(connection, "reconnecting");
    await reach(connection, "ready");
    expect(await serverPid(connection)).not.toBe(first);
  });
});

describe("a pre-started server never adopted nor stopped", () => {
  const script = fileURLToPath(new URL("../__fixtures__/prestarted-parent.ts", import.meta.url));
  it.each(["exit", "throw", "sigkill"] as const)(
    "is taken down when the program ends by %s",
    async (how) => {
      // Ignores the end of stdin and has a child: only a signal to its group ends them.
      const { command, args } = fixtureServer({ linger: true, spawnChild: true });
      const {
        parent,
        exited,
        announcedPid: watchdog,
      } = await startParentProgram(
        script,
        how === "sigkill" ? "wait" : how,
        { command, args, env: guard.env() },
        /started (\d+)/,
        ["pipe", "pipe", "ignore"],
      );
      expect(watchdog).toBeGreaterThan(0);
      await waitForMarkedPids(guard.marker(), 2); // the server and its child run
      if (how === "sigkill") parent.kill("SIGKILL");
      else parent.stdin?.write("go\n");
      await exited;
      const left = await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000);
      expect(left.map((p) => p.command)).toEqual([]);
      // The watchdog exits once its work is done.
      for (let i = 0; i < 500 && isAlive(watchdog); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(isAlive(watchdog)).toBe(false);
    },
    60_000,
  );
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
