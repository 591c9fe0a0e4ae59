import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentFileServer } from "@tinyloop/agent-files";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import type { ConnectProgress } from "./connect-servers.js";

const sessions = useFixtureSessions();
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Progress that records what it was told, one string per call. */
function recorder(): { progress: ConnectProgress; told: string[] } {
  const told: string[] = [];
  return {
    told,
    progress: {
      status: () => {},
      failed: (server, reason) => told.push(`failed ${server}: ${reason}`),
      dropped: (server, reason) => told.push(`dropped ${server}: ${reason}`),
      back: (server, tools) => told.push(`back ${server} ${tools}`),
    },
  };
}

/**
 * The fixture server `fx`, crashing (exit 3) when `add` is called, restarted quickly. With
 * `gone`: once that file exists every restart exits at once (code 7), so it is given up.
 */
function crashingServer(gone?: string): AgentFileServer {
  const server = stdioServer("fx");
  const { command, args } = fixtureServer({ name: "fx", crashOn: "add" });
  const reconnect = { sessionRetries: 3, baseDelayMs: 10, maxDelayMs: 50 };
  const wrapped = gone
    ? {
        command: "sh",
        args: ["-c", `test -e '${gone}' && exit 7; exec "$0" "$@"`, command, ...args],
      }
    : { command, args };
  return { ...server, config: { ...wrapped, env: {}, reconnect } };
}

describe("connectServers: a server that drops mid-session", () => {
  it("tells it dropped once and is back with its tools, and its tools work again", async () => {
    const { progress, told } = recorder();
    const session = await sessions.open([crashingServer()], [], { progress });
    expect(told).toEqual([]);

    const crashed = await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    expect(crashed.isError).toBe(true);
    await vi.waitFor(() => expect(told).toContain("back fx 15"), { timeout: 20_000 });
    expect(told).toEqual([expect.stringMatching(/^dropped fx: .*exit/), "back fx 15"]);

    const echoed = await session.registry.dispatch("mcp_fx_echo", { text: "hi" });
    expect(echoed.isError).not.toBe(true);
    expect(echoed.content).toEqual([
      expect.objectContaining({ type: "text", text: expect.stringContaining("hi") }),
    ]);
    await session.close();
    // Closing is not a drop.
    expect(told).toHaveLength(2);
  });

  it("tells it dropped once, then failed once when every restart fails", async () => {
    dir = mkdtempSync(join(tmpdir(), "tinyloop-drop-"));
    const gone = join(dir, "gone");
    const { progress, told } = recorder();
    const session = await sessions.open([crashingServer(gone)], [], { progress });
    writeFileSync(gone, "");

    await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    await vi.waitFor(() => expect(told).toHaveLength(2), { timeout: 20_000 });
    // Three restart attempts, yet one dropped line: no line per attempt, and no "back".
    expect(told).toEqual([
      expect.stringMatching(/^dropped fx: /),
      expect.stringMatching(/^failed fx: gave up reconnecting: .*code 7/),
    ]);
  });
});
