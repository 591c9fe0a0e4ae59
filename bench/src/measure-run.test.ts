import { processesWithMarker, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { describe, expect, it } from "vitest";
import { measureRun } from "./measure-run.js";

const MiB = 1024 * 1024;

function node(code: string) {
  return () => ({ command: process.execPath, args: ["-e", code], timeoutMs: 20_000 });
}

describe("measureRun", () => {
  it("times a clean run and finds nothing left behind", async () => {
    const run = await measureRun(node("setTimeout(() => console.log('bye'), 200)"));
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("bye\n");
    expect(run.leftovers).toEqual([]);
    expect(run.peakProcesses).toBe(1);
  });

  it("sums the resident memory of the whole tree, children included", async () => {
    // The child holds 128 MiB of touched memory: only a tree-wide sum can exceed it.
    const child = "const b = Buffer.alloc(128 * 1024 * 1024, 1); setTimeout(() => b.length, 800)";
    const run = await measureRun(
      node(
        `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'inherit' }); c.on('exit', () => process.exit(0))`,
      ),
    );
    expect(run.exitCode).toBe(0);
    expect(run.peakProcesses).toBe(2);
    expect(run.peakRssBytes).toBeGreaterThan(128 * MiB + 20 * MiB);
    // The parent's own RSS is counted apart and does not include the child's 128 MiB.
    expect(run.clientPeakRssBytes).toBeGreaterThan(10 * MiB);
    expect(run.clientPeakRssBytes).toBeLessThan(run.peakRssBytes - 100 * MiB);
  });

  it("counts the CPU the contender's own process spends, not its waiting", async () => {
    const burn = await measureRun(
      node("const end = Date.now() + 400; while (Date.now() < end) Math.sqrt(Math.random())"),
    );
    const idle = await measureRun(node("setTimeout(() => {}, 400)"));
    expect(burn.clientCpuMs).toBeGreaterThan(idle.clientCpuMs);
  });

  it("reports a process that outlives the run, then kills it", async () => {
    const run = await measureRun(
      node(
        "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' }).unref()",
      ),
    );
    expect(run.exitCode).toBe(0);
    expect(run.leftovers).toHaveLength(1);
    expect(run.leftovers[0]?.command).toContain("setInterval");
    expect(await waitForNoProcesses(() => processesWithMarker(run.marker))).toEqual([]);
  });
});
