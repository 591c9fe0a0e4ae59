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
});
