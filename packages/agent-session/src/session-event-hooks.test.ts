import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { describe, expect, it, vi } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { sessionEventHooks } from "./session-event-hooks.js";
import { type SessionEvent, serverStateEvents } from "./session-events.js";

const sessions = useFixtureSessions();

describe("sessionEventHooks", () => {
  it("streams a failed server as a server event with the reason, then the ready ones", async () => {
    const events: SessionEvent[] = [];
    const emit = (event: SessionEvent) => events.push(event);
    const { command, args } = fixtureServer({ name: "bad", exitOnStart: 1 });
    const session = await sessions.open(
      [
        {
          ...stdioServer("bad"),
          config: { command, args, env: {}, reconnect: { baseDelayMs: 10, maxDelayMs: 20 } },
        },
        stdioServer("fx"),
      ],
      [],
      sessionEventHooks(emit),
    );
    for (const event of serverStateEvents(session.hub)) emit(event);
    expect(events).toEqual([
      {
        type: "server",
        server: "bad",
        state: "failed",
        reason: expect.stringContaining("exit"),
      },
      { type: "server", server: "fx", state: "ready", tools: 15 },
    ]);
  });

  it("gives a server's log as a server-log event, and the verbose lines to verbose", async () => {
    const events: SessionEvent[] = [];
    const verbose: string[] = [];
    const hooks = sessionEventHooks((event) => events.push(event), {
      verbose: (line) => verbose.push(line),
    });
    hooks.onServerLog({ server: "fx", level: "info", logger: "db", data: "connected" });
    expect(events).toEqual([
      { type: "server-log", server: "fx", level: "info", logger: "db", data: "connected" },
    ]);
    await sessions.open([stdioServer("fx")], [], hooks);
    expect(verbose.some((line) => line.startsWith("server fx: ready in "))).toBe(true);
    // The live status line is not an event.
    expect(events).toHaveLength(1);
  });
});

describe("sessionEventHooks: a server that drops mid-session", () => {
  it("streams it as reconnecting with the reason, then ready with its tools", async () => {
    const events: SessionEvent[] = [];
    const { command, args } = fixtureServer({ name: "fx", crashOn: "add" });
    const reconnect = { sessionRetries: 3, baseDelayMs: 10 };
    const session = await sessions.open(
      [{ ...stdioServer("fx"), config: { command, args, env: {}, reconnect } }],
      [],
      sessionEventHooks((event) => events.push(event)),
    );
    await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 20_000 });
    expect(events).toEqual([
      {
        type: "server",
        server: "fx",
        state: "reconnecting",
        reason: expect.stringContaining("exit"),
      },
      { type: "server", server: "fx", state: "ready", tools: 15 },
    ]);
  });

  it("streams ready with a reason when its tools could not be listed again (the 15 from before stay)", async () => {
    const events: SessionEvent[] = [];
    const started = join(mkdtempSync(join(tmpdir(), "tinyloop-unlisted-")), "started");
    const fixture = fixtureServer({ name: "fx", crashOn: "add" });
    // The first start lists its tools; the restart answers tools/list with an error.
    const script = `if [ -e '${started}' ]; then exec "$0" "$@" --fail-tools-list; fi; touch '${started}'; exec "$0" "$@"`;
    const config = {
      command: "sh",
      args: ["-c", script, fixture.command, ...fixture.args],
      env: {},
      reconnect: { sessionRetries: 3, baseDelayMs: 10 },
    };
    const session = await sessions.open(
      [{ ...stdioServer("fx"), config }],
      [],
      sessionEventHooks((event) => events.push(event)),
    );
    await session.registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 20_000 });
    expect(events[1]).toEqual({
      type: "server",
      server: "fx",
      state: "ready",
      tools: 15,
      reason: expect.stringMatching(/^tools not listed again: .*tools\/list fails on purpose/),
    });
  });
});
