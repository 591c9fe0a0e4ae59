import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentFileServer } from "@tinyloop/agent-files";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";

const sessions = useFixtureSessions();
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The fixture server behind a shell that appends a line to `log` each time it is spawned. */
function countedServer(log: string): AgentFileServer {
  const { command, args } = fixtureServer({ name: "fx" });
  return {
    ...stdioServer("fx"),
    config: {
      command: "/bin/sh",
      args: ["-c", 'echo spawned >> "$0"; exec "$@"', log, command, ...args],
      env: {},
    },
  };
}

function spawns(log: string): number {
  try {
    return readFileSync(log, "utf8").split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

describe("openAgentSession({ signal })", () => {
  it("without an abort the counted server is spawned once (the zero below can fail)", async () => {
    dir = mkdtempSync(join(tmpdir(), "tinyloop-session-signal-"));
    const log = join(dir, "spawns");
    const session = await sessions.open([countedServer(log)], []);
    expect(session.status()).toMatchObject({ connected: 1 });
    expect(spawns(log)).toBe(1);
  });

  it("aborted: spawns no server and reports none as failed", async () => {
    dir = mkdtempSync(join(tmpdir(), "tinyloop-session-signal-"));
    const log = join(dir, "spawns");
    const failed: string[] = [];
    const session = await sessions.open([countedServer(log)], [], {
      signal: AbortSignal.abort(),
      progress: { status: () => {}, failed: (server) => failed.push(server) },
    });
    expect(spawns(log)).toBe(0);
    expect(failed).toEqual([]);
    expect(session.hub.servers()).toMatchObject([{ name: "fx", state: "closed" }]);
  });
});
