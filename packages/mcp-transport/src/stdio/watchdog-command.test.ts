import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parentDeathWatchdogCommand } from "./watchdog-command.js";

describe("parentDeathWatchdogCommand", () => {
  it.each(["linux", "darwin"] as const)(
    "on %s runs the POSIX script with /bin/sh and PATH=/usr/bin:/bin only",
    (platform) => {
      const command = parentDeathWatchdogCommand({ platform });
      expect(command.file).toBe("/bin/sh");
      expect(command.args[0]).toBe("-c");
      expect(command.args[1]).toContain('kill -TERM "-$g"');
      expect(command.args[1]).toContain('kill -KILL "-$g"');
      expect(command.env).toEqual({ PATH: "/usr/bin:/bin" });
    },
  );

  it("on win32 needs no sh: node -e with a script that runs System32's taskkill /T /F", () => {
    const command = parentDeathWatchdogCommand({
      platform: "win32",
      nodePath: "C:\\Program Files\\nodejs\\node.exe",
      systemRoot: "C:\\Windows",
    });
    expect(command.file).toBe("C:\\Program Files\\nodejs\\node.exe");
    expect(command.args).toHaveLength(3);
    expect(command.args[0]).toBe("-e");
    expect(command.args[1]).toContain('spawnSync(taskkill, ["/pid", pid, "/T", "/F"]');
    expect(command.args[2]).toBe("C:\\Windows\\System32\\taskkill.exe");
    expect(command.env).toEqual({ SystemRoot: "C:\\Windows" });
  });
});

/** A stand-in for taskkill.exe that appends its arguments to a log, so the Windows script can run here. */
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

function fakeTaskkill(): { path: string; calls: () => string[] } {
  scratch = mkdtempSync(join(tmpdir(), "tinyloop-taskkill-"));
  const log = join(scratch, "calls.log");
  const path = join(scratch, "taskkill");
  writeFileSync(path, `#!/bin/sh\necho "$*" >> "${log}"\n`);
  chmodSync(path, 0o755);
  return {
    path,
    calls: () => {
      try {
        return readFileSync(log, "utf8").trim().split("\n");
      } catch {
        return [];
      }
    },
  };
}

describe("the Windows watchdog script, run for real by this machine's node", () => {
  it("when its stdin ends, runs taskkill /pid ID /T /F for every tree still listed, then exits", async () => {
    const taskkill = fakeTaskkill();
    const { file, args } = parentDeathWatchdogCommand({
      platform: "win32",
      nodePath: process.execPath,
    });
    const watchdog = spawn(file, [...args.slice(0, -1), taskkill.path], {
      stdio: ["pipe", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) =>
      watchdog.once("exit", (code) => resolve(code)),
    );
    // Split across writes, as a pipe may deliver it; 222 is gone again before the end.
    watchdog.stdin.write("+111\n+2");
    watchdog.stdin.write("22\n+333\n-222\nnot-a-line\n+4x4\n");
    watchdog.stdin.end();
    expect(await exited).toBe(0);
    expect(taskkill.calls()).toEqual(["/pid 111 /T /F", "/pid 333 /T /F"]);
  });

  it("with nothing listed, exits without running taskkill", async () => {
    const taskkill = fakeTaskkill();
    const { file, args } = parentDeathWatchdogCommand({
      platform: "win32",
      nodePath: process.execPath,
    });
    const watchdog = spawn(file, [...args.slice(0, -1), taskkill.path], {
      stdio: ["pipe", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) =>
      watchdog.once("exit", (code) => resolve(code)),
    );
    watchdog.stdin.end("+5\n-5\n");
    expect(await exited).toBe(0);
    expect(taskkill.calls()).toEqual([]);
  });
});
