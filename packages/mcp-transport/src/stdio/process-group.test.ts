import { describe, expect, it } from "vitest";
import { processTreeLivenessProbe } from "./process-group.js";

describe("processTreeLivenessProbe", () => {
  it("on linux asks the group and skips zombies in /proc (a container's init may never reap them)", () => {
    expect(processTreeLivenessProbe("linux")).toBe("group-without-zombies");
  });

  it("on darwin asks the group alone (launchd reaps orphaned zombies; no ps listing)", () => {
    expect(processTreeLivenessProbe("darwin")).toBe("group");
    expect(processTreeLivenessProbe("freebsd")).toBe("group");
  });

  it("on win32 asks the server's own process (no process groups; taskkill /T ends the tree)", () => {
    expect(processTreeLivenessProbe("win32")).toBe("root-process");
  });

  it.runIf(process.platform === "linux")("defaults to this machine's platform (Linux here)", () => {
    expect(processTreeLivenessProbe()).toBe("group-without-zombies");
  });
});
