import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { descendantsOf, processesWithMarker, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { fixtureServer, fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { reach, recordStates, rejection, serverPid } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const quick: ConnectOptions = {
  reconnect: { initialRetries: 0, baseDelayMs: 20, maxDelayMs: 50 },
  closeGraceMs: 200,
  killAfterMs: 1_500,
};

/** This package's folder: npx finds @modelcontextprotocol/server-everything in its node_modules. */
const packageDir = fileURLToPath(new URL("..", import.meta.url));

/** What is alive of this test's processes right now — no waiting: close() must already be done. */
function aliveNow(): string[] {
  return processesWithMarker(guard.marker()).map((p) => p.command);
}

describe("close()", () => {
  it("ends the server, resolves once it is gone, and is idempotent", async () => {
    const { command, args } = fixtureServer();
    const connection = await connectServer("fx", { command, args, env: guard.env() }, quick);
    const states = recordStates(connection);
    expect(aliveNow()).toHaveLength(1);
    const first = connection.close();
    const second = connection.close();
    await Promise.all([first, second]);
    expect(aliveNow()).toEqual([]);
    expect(connection.state).toBe("closed");
    expect(states).toEqual(["closed"]);
    await connection.close();
    const error = await rejection(connection.callTool("echo", { text: "x" }));
    expect(error.code).toBe("CLOSED");
  });

  it("takes down a child the server started (its process group)", async () => {
    const { command, args } = fixtureServer({ spawnChild: true });
    const connection = await connectServer("fx", { command, args, env: guard.env() }, quick);
    expect(aliveNow()).toHaveLength(2);
    await connection.close();
    expect(aliveNow()).toEqual([]);
  });

  it('leaves no grandchild behind for `sh -c "node server.js"`', async () => {
    const line = `'${process.execPath}' '${fixtureServerPath}' --spawn-child`;
    const connection = await connectServer(
      "sh",
      { command: "sh", args: ["-c", line], env: guard.env() },
      quick,
    );
    expect(aliveNow().length).toBeGreaterThanOrEqual(2);
    await connection.close();
    expect(aliveNow()).toEqual([]);
    expect(descendantsOf(process.pid)).toEqual([]);
  });

  it("leaves no grandchild behind for a server started through npx", async () => {
    // npx (npm exec) runs the package's bin as its own child: node → npm → server
    const connection = await connectServer(
      "npx",
      {
        command: "npx",
        args: ["--no-install", "mcp-server-everything", "stdio"],
        cwd: packageDir,
        env: guard.env(),
      },
      quick,
    );
    expect((await connection.listTools()).map((tool) => tool.name)).toContain("get-sum");
    expect(aliveNow().length).toBeGreaterThanOrEqual(2);
    await connection.close();
    expect(aliveNow()).toEqual([]);
    expect(descendantsOf(process.pid)).toEqual([]);
  });

  it("SIGTERMs a server that does not exit when stdin closes", async () => {
    const { command, args } = fixtureServer({ linger: true });
    const connection = await connectServer("fx", { command, args, env: guard.env() }, quick);
    await connection.close();
    expect(aliveNow()).toEqual([]);
  });

  it("SIGKILLs a tree that ignores stdin end and SIGTERM, killAfterMs after close began", async () => {
    const { command, args } = fixtureServer({
      linger: true,
      ignoreSigterm: true,
      spawnChild: true,
      childIgnoresSigterm: true,
    });
    const connection = await connectServer("fx", { command, args, env: guard.env() }, quick);
    await connection.close();
    expect(aliveNow()).toEqual([]);
    expect(connection.stderrTail()).toContain("fixture: ignoring SIGTERM");
  });

  it("cuts the stdin grace to killAfterMs when closeGraceMs is longer", async () => {
    // Its child keeps it alive after stdin ends; both ignore SIGTERM.
    const { command, args } = fixtureServer({
      linger: true,
      ignoreSigterm: true,
      spawnChild: true,
      childIgnoresSigterm: true,
    });
    const connection = await connectServer(
      "fx",
      { command, args, env: guard.env() },
      { ...quick, closeGraceMs: 600_000, killAfterMs: 300 },
    );
    // With a 10-minute grace honoured, close() would outlive the test's timeout.
    await connection.close();
    expect(aliveNow()).toEqual([]);
  });

  it("closing during a reconnect stops it, rejects waiting calls with CLOSED and leaves nothing", async () => {
    const { command, args } = fixtureServer({ spawnChild: true });
    const connection = await connectServer(
      "fx",
      { command, args, env: guard.env() },
      { ...quick, reconnect: { initialRetries: 0, baseDelayMs: 10_000, maxDelayMs: 10_000 } },
    );
    process.kill(await serverPid(connection), "SIGKILL"); // its child is orphaned, still in the group
    await reach(connection, "reconnecting");
    const waiting = rejection(connection.callTool("echo", { text: "x" }, { timeoutMs: 20_000 }));
    await connection.close();
    expect((await waiting).code).toBe("CLOSED");
    expect(aliveNow()).toEqual([]);
  });

  it.each(["exit", "throw"])(
    "kills the servers' process groups when the program ends without close() (%s)",
    async (how) => {
      const { command, args } = fixtureServer({ spawnChild: true, linger: true });
      const script = fileURLToPath(
        new URL("./__fixtures__/exit-without-close.ts", import.meta.url),
      );
      const run = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--conditions=@tinyloop/source",
          script,
          how,
          JSON.stringify({ command, args, env: guard.env() }),
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(run.stdout).toContain("connected");
      // SIGKILL was sent before the program exited; give the kernel (on a loaded machine) time to finish them
      const left = await waitForNoProcesses(() => processesWithMarker(guard.marker()), 10_000);
      expect(left.map((p) => p.command)).toEqual([]);
    },
  );
});
