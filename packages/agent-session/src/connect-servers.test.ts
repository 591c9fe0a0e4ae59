import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentFileError, type AgentFileServer, readAgentFile } from "@tinyloop/agent-files";
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

/** Progress that records what it was told, one string per call (`verbose` lines apart). */
function recorder(): { progress: ConnectProgress; told: string[]; verbose: string[] } {
  const told: string[] = [];
  const verbose: string[] = [];
  return {
    told,
    verbose,
    progress: {
      verbose: (line) => verbose.push(line),
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

describe("connectServers: reconnect keys of an agent file reach the transport", () => {
  /**
   * Reads an `.mcp.json` whose server `fx` is the fixture server crashing on `add`, with
   * `extra` keys on the entry, as a program would: through readAgentFile.
   */
  async function fileServers(extra: Record<string, unknown>): Promise<AgentFileServer[]> {
    dir = mkdtempSync(join(tmpdir(), "tinyloop-reconnect-keys-"));
    const { command, args } = fixtureServer({ name: "fx", crashOn: "add" });
    writeFileSync(
      join(dir, ".mcp.json"),
      JSON.stringify({ mcpServers: { fx: { command, args, ...extra } } }),
    );
    const agent = await readAgentFile(".mcp.json", { cwd: dir, env: { PATH: "/usr/bin" } });
    expect(agent.warnings).toEqual([]);
    return agent.servers;
  }
  const attempts = (lines: string[]) => lines.filter((l) => /reconnecting in \d+ ms/.test(l));

  it("reconnect: { sessionRetries: 0 } fails the crashed server at once, without a restart", async () => {
    const { progress, told, verbose } = recorder();
    const servers = await fileServers({ reconnect: { sessionRetries: 0 } });
    const session = await sessions.open(servers, [], { progress });

    const crashed = await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    expect(crashed.isError).toBe(true);
    await vi.waitFor(() => expect(told.some((t) => t.startsWith("failed fx"))).toBe(true), {
      timeout: 20_000,
    });
    expect(told.at(-1)).toMatch(/^failed fx: .*exit/);
    expect(told).not.toContain("back fx 15");
    expect(attempts(verbose)).toEqual([]);
  });

  it("without it the transport restarts (five tries by default), here after baseDelay: 0.01", async () => {
    const { progress, told, verbose } = recorder();
    const servers = await fileServers({ reconnect: { baseDelay: 0.01 } });
    const session = await sessions.open(servers, [], { progress });

    await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    await vi.waitFor(() => expect(told).toContain("back fx 15"), { timeout: 20_000 });
    expect(attempts(verbose)).toEqual([expect.stringMatching(/\(attempt 1 of 5\)/)]);
  });

  it("pingInterval turns on health pings: a server that stops answering is dropped and restarted", async () => {
    const { progress, told } = recorder();
    // The ping's timeout is its interval: 0.5 s leaves a loaded machine time to answer.
    const servers = await fileServers({ pingInterval: 0.5, reconnect: { baseDelay: 0.01 } });
    const session = await sessions.open(servers, [], { progress });
    const stats = await session.registry.dispatch("mcp_fx_stats", {});
    const first = stats.content[0];
    const { pid } = JSON.parse(first?.type === "text" ? first.text : "{}") as { pid: number };
    process.kill(pid, "SIGSTOP"); // alive but silent: only a ping can tell
    try {
      await vi.waitFor(() => expect(told).toContain("back fx 15"), { timeout: 20_000 });
    } finally {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // already gone
      }
    }
    expect(told).toEqual([expect.stringMatching(/^dropped fx: /), "back fx 15"]);
  });

  it("a bad value is a clear error before any server is spawned", async () => {
    const error = await fileServers({ reconnect: { sessionRetries: -1 } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      "mcpServers.fx.reconnect.sessionRetries: expected 0 or more retries (0 turns them off), got a number (-1)",
    );
  });
});

describe("maxConcurrentStarts", () => {
  it("the status line counts the servers waiting their turn to start", async () => {
    const statuses: string[] = [];
    const { progress } = recorder();
    progress.status = (line) => statuses.push(line);
    const servers = Array.from({ length: 6 }, (_, i) => {
      const server = stdioServer(`s${i + 1}`);
      const { command, args } = fixtureServer({ name: server.name, startDelayMs: 50 });
      return { ...server, config: { ...server.config, command, args } };
    });
    await sessions.open(servers, [{ text: "unused" }], { progress, maxConcurrentStarts: 2 });
    // 2 start at once, 4 wait; the count goes down as places free.
    const waiting = statuses.flatMap((line) => {
      const match = /\((\d+) waiting to start\)/.exec(line);
      return match ? [Number(match[1])] : [];
    });
    // Queued one by one up to 4 (6 servers, 2 places), then fewer as places free.
    const peak = waiting.indexOf(4);
    expect(waiting.slice(0, peak + 1)).toEqual([1, 2, 3, 4]);
    const after = waiting.slice(peak);
    expect(after).toEqual([...after].sort((a, b) => b - a));
    expect(after.at(-1)).toBe(1);
    expect(statuses.at(-1)).toMatch(/^connected 6\/6 servers/);
  });
});
