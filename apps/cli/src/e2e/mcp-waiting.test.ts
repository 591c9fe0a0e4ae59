import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A server that starts, writes "booting" to stderr and never answers `initialize`. */
const silent = (connectTimeoutSeconds?: number) => ({
  ...s.ws.fixture(["--hang-initialize", "--stderr-line", "booting"]),
  ...(connectTimeoutSeconds ? { connect_timeout: connectTimeoutSeconds } : {}),
});

describe("mcp tools with a server that never answers", () => {
  it("says which server it waits for at once, while it still waits", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { silent: silent() } }) });
    const child = execa(process.execPath, [cliBin, "mcp", "tools", ".mcp.json"], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1" },
      reject: false,
      stdin: "ignore",
    });
    await stderrShows(child, "waiting for silent…\n");
    // Still waiting (the connect timeout is 30 s): the line came first, not with the failure.
    expect(child.exitCode).toBeNull();
    child.kill("SIGINT");
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stderr)).not.toContain("failed");
  });

  it("fails it after one connect timeout, without retrying", async () => {
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { silent: silent(2), fx: s.ws.fixture() },
      }),
    });
    const r = await runCli(["mcp", "tools", ".mcp.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^waiting for 2 servers: silent, fx…$/m);
    expect(r.stderr).toContain(
      'server silent failed: Server "silent" did not answer initialize within 2000 ms',
    );
    // One start: its stderr line shown once, and the other server's tools listed.
    expect(r.stderr.match(/silent stderr: booting/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/^fx {2}ready/m);
  });
});
