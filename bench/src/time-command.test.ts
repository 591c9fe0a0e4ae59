import { describe, expect, it } from "vitest";
import { timeCommand } from "./time-command.js";

describe("timeCommand", () => {
  it("counts the CPU a command burns, and the wall time it takes including its sleep", () => {
    const busy = timeCommand("busy", process.execPath, [
      "-e",
      "while (process.cpuUsage().user < 300_000); setTimeout(() => {}, 200);",
    ]);
    // 300 ms of CPU (counted by CPU, so a busy machine cannot shorten it), then 200 ms asleep.
    expect(busy.cpuMs).toBeGreaterThanOrEqual(300);
    expect(busy.cpuMs).toBeLessThan(busy.wallMs);
    expect(busy.wallMs).toBeGreaterThanOrEqual(500);
  });

  it("throws with the command's stderr when it fails", () => {
    expect(() =>
      timeCommand("failing", process.execPath, ["-e", "console.error('broken'); process.exit(3)"]),
    ).toThrow(/failing exited 3: broken/);
  });
});
