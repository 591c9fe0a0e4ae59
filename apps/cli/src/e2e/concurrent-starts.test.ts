import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** The most servers starting at once, from the order of the fixtures' `start` / `serving` lines. */
function mostStartingAtOnce(log: string): { most: number; started: number } {
  let starting = 0;
  let most = 0;
  let started = 0;
  for (const line of log.split("\n")) {
    if (line.startsWith("start ")) {
      started++;
      most = Math.max(most, ++starting);
    } else if (line.startsWith("serving ")) starting--;
  }
  return { most, started };
}

describe("--max-concurrent-starts", () => {
  it("a file of 12 servers with --max-concurrent-starts 2: never more than 2 starting, all 12 connected", async () => {
    await s.withModel([{ text: "fine" }]);
    const log = s.ws.path("starts.log");
    const mcpServers: Record<string, unknown> = {};
    // Each server takes 400 ms from its `start` line to `serving`: long enough that the second
    // of a pair has booted (and logged `start`) before the first is serving, even on a loaded
    // machine where a Node process takes a few hundred milliseconds to boot.
    for (let i = 1; i <= 12; i++) {
      mcpServers[`s${i}`] = s.ws.fixture(["--start-delay-ms", "400", "--starts-log", log]);
    }
    s.ws.write({ ".mcp.json": json({ mcpServers }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--max-concurrent-starts", "2", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^connected 12\/12 servers/m);
    expect(mostStartingAtOnce(readFileSync(log, "utf8"))).toEqual({ most: 2, started: 12 });
  });

  it("a bound that is not a positive whole number is a usage error (exit 2), nothing started", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { s1: s.ws.fixture() } }) });
    const r = await runCli(["mcp", "tools", ".mcp.json", "--max-concurrent-starts", "0"], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--max-concurrent-starts");
  });
});
