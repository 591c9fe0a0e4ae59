import { describe, expect, it } from "vitest";
import { resolveSpawnCommand } from "./resolve-spawn-command.js";

/** A Windows machine with Node installed in Program Files and a project's npm shims. */
const windowsFiles = new Set([
  "C:\\Program Files\\nodejs\\node.exe",
  "C:\\Program Files\\nodejs\\npx.cmd",
  "C:\\Program Files\\nodejs\\npx",
  "C:\\tools\\uvx.exe",
  "C:\\work\\node_modules\\.bin\\my-server.cmd",
  "C:\\work\\scripts\\start.bat",
]);
const windows = {
  platform: "win32" as const,
  path: 'C:\\Windows\\System32;C:\\Program Files\\nodejs;"C:\\tools";C:\\work\\node_modules\\.bin',
  pathExt: ".COM;.EXE;.BAT;.CMD;.VBS;.JS",
  comSpec: "C:\\Windows\\System32\\cmd.exe",
  fileExists: (path: string) => windowsFiles.has(path),
};

describe("resolveSpawnCommand on Windows", () => {
  it("finds npx.cmd for `npx` through PATHEXT (not the extensionless sh script beside it) and runs it through cmd.exe /d /s /c", () => {
    expect(
      resolveSpawnCommand("npx", ["-y", "@modelcontextprotocol/server-everything"], windows),
    ).toEqual({
      file: "C:\\Windows\\System32\\cmd.exe",
      args: [
        "/d",
        "/s",
        "/c",
        '"C:\\Program^ Files\\nodejs\\npx.cmd ^"-y^" ^"@modelcontextprotocol/server-everything^""',
      ],
      windowsVerbatimArguments: true,
    });
  });

  it("spawns an .exe found in PATH directly, arguments untouched", () => {
    expect(resolveSpawnCommand("node", ["server.js", "a & b"], windows)).toEqual({
      file: "C:\\Program Files\\nodejs\\node.exe",
      args: ["server.js", "a & b"],
      windowsVerbatimArguments: false,
    });
    expect(resolveSpawnCommand("uvx", ["mcp-server-git"], windows).file).toBe("C:\\tools\\uvx.exe");
  });

  it("escapes an argument that tries to start a second command", () => {
    const { args } = resolveSpawnCommand("npx", ["x & calc.exe"], windows);
    expect(args[3]).toBe('"C:\\Program^ Files\\nodejs\\npx.cmd ^"x^ ^&^ calc.exe^""');
  });

  it("escapes twice for npm's node_modules\\.bin shims", () => {
    const { args } = resolveSpawnCommand("my-server", ["a&b"], windows);
    expect(args[3]).toBe('"C:\\work\\node_modules\\.bin\\my-server.cmd ^^^"a^^^&b^^^""');
  });

  it("resolves a relative path against the server's cwd, and takes a given extension as is", () => {
    const resolved = resolveSpawnCommand("scripts\\start.bat", [], { ...windows, cwd: "C:\\work" });
    expect(resolved.args).toEqual(["/d", "/s", "/c", '"C:\\work\\scripts\\start.bat"']);
  });

  it("leaves a name it cannot find unchanged, so the spawn reports it as not found", () => {
    expect(resolveSpawnCommand("no-such-server", ["--x"], windows)).toEqual({
      file: "no-such-server",
      args: ["--x"],
      windowsVerbatimArguments: false,
    });
  });

  it("never picks a host for PATHEXT's script extensions (.js, .vbs)", () => {
    const files = new Set(["C:\\tools\\tool.js"]);
    const resolved = resolveSpawnCommand("tool", [], {
      ...windows,
      fileExists: (p) => files.has(p),
    });
    expect(resolved.file).toBe("tool");
  });

  it("falls back to .COM;.EXE;.BAT;.CMD and cmd.exe when PATHEXT and ComSpec are not given", () => {
    const { pathExt: _pathExt, comSpec: _comSpec, ...bare } = windows;
    const saved = { PATHEXT: process.env.PATHEXT, ComSpec: process.env.ComSpec };
    delete process.env.PATHEXT;
    delete process.env.ComSpec;
    try {
      expect(resolveSpawnCommand("npx", [], bare).file).toBe("cmd.exe");
    } finally {
      if (saved.PATHEXT !== undefined) process.env.PATHEXT = saved.PATHEXT;
      if (saved.ComSpec !== undefined) process.env.ComSpec = saved.ComSpec;
    }
  });
});

describe("resolveSpawnCommand on POSIX", () => {
  it.each(["linux", "darwin"] as const)(
    "on %s spawns the command as given (the system searches PATH)",
    (platform) => {
      expect(resolveSpawnCommand("npx", ["-y", "a & b"], { ...windows, platform })).toEqual({
        file: "npx",
        args: ["-y", "a & b"],
        windowsVerbatimArguments: false,
      });
    },
  );

  it.runIf(process.platform !== "win32")("defaults to this machine's platform (POSIX here)", () => {
    expect(resolveSpawnCommand("npx", ["-y"])).toEqual({
      file: "npx",
      args: ["-y"],
      windowsVerbatimArguments: false,
    });
  });
});
