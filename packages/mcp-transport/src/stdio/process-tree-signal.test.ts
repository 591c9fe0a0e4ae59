import { spawn } from "node:child_process";
import { listProcesses, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { describe, expect, it } from "vitest";
import { processTreeSignalPlan, signalProcessTree, taskkillPath } from "./process-tree-signal.js";

describe("processTreeSignalPlan", () => {
  it.each(["linux", "darwin"] as const)(
    "on %s signals the whole process group (negative pid)",
    (platform) => {
      expect(processTreeSignalPlan(4321, "SIGTERM", { platform })).toEqual({
        kind: "signal-group",
        pid: -4321,
        signal: "SIGTERM",
      });
      expect(processTreeSignalPlan(4321, "SIGKILL", { platform })).toEqual({
        kind: "signal-group",
        pid: -4321,
        signal: "SIGKILL",
      });
    },
  );

  it.each(["SIGTERM", "SIGKILL"] as const)(
    "on win32 runs taskkill /pid N /T /F for %s, from System32",
    (signal) => {
      expect(
        processTreeSignalPlan(4321, signal, { platform: "win32", systemRoot: "D:\\Win" }),
      ).toEqual({
        kind: "run",
        file: "D:\\Win\\System32\\taskkill.exe",
        args: ["/pid", "4321", "/T", "/F"],
      });
    },
  );

  it("finds taskkill under C:\\Windows when SystemRoot is not set", () => {
    const saved = process.env.SystemRoot;
    delete process.env.SystemRoot;
    try {
      expect(taskkillPath()).toBe("C:\\Windows\\System32\\taskkill.exe");
    } finally {
      if (saved !== undefined) process.env.SystemRoot = saved;
    }
  });
});

describe.runIf(process.platform === "linux")("signalProcessTree on this machine (Linux)", () => {
  it("ends a real process group: the leader and its child", async () => {
    // A detached shell (its own group) with a sleeping child; both print their pids.
    const leader = spawn("/bin/sh", ["-c", "sleep 30 & echo $!; wait"], {
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    const childPid = await new Promise<number>((resolve) =>
      leader.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const leaderExit = new Promise((resolve) =>
      leader.once("exit", (_code, signal) => resolve(signal)),
    );
    signalProcessTree(leader.pid as number, "SIGKILL");
    expect(await leaderExit).toBe("SIGKILL");
    // Zombies left for a minimal init to reap do not count (listProcesses skips them).
    const left = await waitForNoProcesses(
      () => listProcesses().filter((p) => p.pid === childPid),
      10_000,
    );
    expect(left).toEqual([]);
  });

  it("ignores a group that is already gone", () => {
    expect(() => signalProcessTree(2 ** 22 + 7, "SIGTERM")).not.toThrow();
  });
});
