import { fileURLToPath } from "node:url";
import { listProcesses, processesWithMarker, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { startParentProgram } from "../__fixtures__/parent-program.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const script = fileURLToPath(new URL("../__fixtures__/sigkilled-parent.ts", import.meta.url));

/** Starts the parent program, waits until it is connected, SIGKILLs it; returns the watchdog pid. */
async function startAndKill(mode: "watchdog" | "none"): Promise<number> {
  // A server that ignores the end of stdin and has a child: only a signal ends them.
  const { command, args } = fixtureServer({ linger: true, spawnChild: true });
  const { parent, exited, announcedPid } = await startParentProgram(
    script,
    mode,
    { command, args, env: guard.env() },
    /connected (\d+)/,
    ["ignore", "pipe", "inherit"],
  );
  expect(processesWithMarker(guard.marker()).length).toBeGreaterThanOrEqual(2); // server + its child
  parent.kill("SIGKILL");
  await exited;
  return announcedPid;
}

describe("parent-death watchdog", () => {
  it("without it, servers that ignore stdin EOF outlive a SIGKILLed parent (documented behaviour)", async () => {
    await startAndKill("none");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const orphans = processesWithMarker(guard.marker());
    expect(orphans.length).toBeGreaterThanOrEqual(2);
    for (const orphan of orphans) process.kill(orphan.pid, "SIGKILL"); // clean up for the guard
  });

  it("with it, a SIGKILLed parent's servers (whole process groups) are taken down, and the watchdog exits", async () => {
    const watchdogPid = await startAndKill("watchdog");
    expect(watchdogPid).toBeGreaterThan(0);
    const left = await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000);
    expect(left.map((p) => p.command)).toEqual([]);
    const watchdogLeft = await waitForNoProcesses(
      () => listProcesses().filter((p) => p.pid === watchdogPid),
      10_000,
    );
    expect(watchdogLeft).toEqual([]);
  });
});
