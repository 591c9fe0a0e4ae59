import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkAgentFile } from "./check-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "check-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (servers: unknown) =>
  writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));

describe("checkAgentFile", () => {
  it("warns about a command that is neither on PATH nor provided, and accepts provided ones", async () => {
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin/present"), "#!/bin/sh\n");
    chmodSync(join(dir, "bin/present"), 0o755);
    write({
      a: { command: "present" },
      b: { command: "absent-xyz" },
      c: { command: "bundled" },
      d: { command: "./missing.js" },
      off: { command: "absent-xyz", disabled: true },
    });
    const agent = await checkAgentFile("mcp.json", {
      cwd: dir,
      env: { PATH: join(dir, "bin") },
      providedCommands: ["bundled"],
    });
    expect(agent.warnings.map((w) => `${w.path} ${w.line}:${w.column}`)).toEqual([
      "mcpServers.b.command 7:18",
      "mcpServers.d.command 13:18",
    ]);
    expect(agent.warnings[0]?.message).toBe(
      'command "absent-xyz" is not on PATH; the server will fail to start unless it is installed first',
    );
  });

  it("rejects a cwd that is not a folder, at its line", async () => {
    write({ a: { command: "node", cwd: "/nonexistent/x" } });
    await expect(checkAgentFile("mcp.json", { cwd: dir, env: {} })).rejects.toMatchObject({
      code: "INVALID",
      path: "mcpServers.a.cwd",
      line: 5,
      expected: "an existing folder for the server to start in",
    });
  });

  it("names a missing command by the file's own key (Goose's cmd, Zed's command.path)", async () => {
    writeFileSync(
      join(dir, "goose.yaml"),
      "extensions:\n  tools:\n    type: stdio\n    cmd: absent-xyz\n    enabled: true\n",
    );
    const goose = await checkAgentFile("goose.yaml", { cwd: dir, env: { PATH: dir } });
    expect(goose.warnings.map((w) => `${w.line}:${w.column} ${w.path}`)).toEqual([
      "4:10 extensions.tools.cmd",
    ]);
    writeFileSync(
      join(dir, "zed.json"),
      '{ "context_servers": { "tools": { "command": { "path": "absent-xyz", "args": [] } } } }',
    );
    const zed = await checkAgentFile("zed.json", { cwd: dir, env: { PATH: dir } });
    expect(zed.warnings.map((w) => w.path)).toEqual(["context_servers.tools.command.path"]);
  });
});
