import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ConnectOptions, connectServer, type McpConnection } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { fixtureServer, startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { dynamicServer, everythingServer } from "../test/servers.js";
import { connectAll } from "./connect-all.js";
import type { ConnectAllOptions, HubEvent } from "./hub-types.js";

const guard = useProcessGuard();

/** A stdio entry for `command`, marked so the test can check that no process is left. */
function entry(command: { command: string; args: string[] }, extra: Record<string, unknown> = {}) {
  return { ...command, env: guard.env(), ...extra };
}

async function start(
  servers: Record<string, unknown>,
  events: HubEvent[] = [],
  registry = new ToolRegistry(),
  connection: Omit<ConnectOptions, "reconnect"> = {},
) {
  const hub = await connectAll(servers, registry, {
    onEvent: (event) => events.push(event),
    connection: {
      reconnect: { initialRetries: 0, baseDelayMs: 200, maxDelayMs: 400 },
      ...connection,
    },
  });
  guard.track(hub);
  return { hub, registry, events };
}

function text(result: { content: unknown[] }): string {
  return result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");
}

function waitForEvent(events: HubEvent[], match: (event: HubEvent) => boolean, timeoutMs = 15_000) {
  const seen = events.length;
  return new Promise<HubEvent>((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const poll = () => {
      const found = events.slice(seen).find(match);
      if (found) resolve(found);
      else if (Date.now() > deadline)
        reject(new Error(`no such event; got ${JSON.stringify(events.slice(seen))}`));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

describe("connectAll", () => {
  it("connects servers at once and isolates the one that fails to start", async () => {
    const { hub, registry, events } = await start({
      fx: entry(fixtureServer()),
      everything: entry(everythingServer()),
      broken: entry(fixtureServer({ exitOnStart: 7, stderrLines: ["cannot open the database"] })),
    });
    const byName = Object.fromEntries(hub.servers().map((status) => [status.name, status]));
    expect(byName.fx).toMatchObject({ state: "ready", lastError: undefined });
    expect(byName.fx?.toolCount).toBeGreaterThan(10);
    expect(byName.everything?.state).toBe("ready");
    expect(byName.broken).toMatchObject({ state: "failed", toolCount: 0 });
    expect(byName.broken?.lastError).toMatch(/broken/);
    expect(hub.servers().map((status) => status.name)).toEqual(["fx", "everything", "broken"]);
    expect(
      events
        .filter((event) => event.type === "connecting")
        .map((event) => event.server)
        .sort(),
    ).toEqual(["broken", "everything", "fx"]);
    const ready = events.filter((event) => event.type === "ready");
    expect(ready.map((event) => event.server).sort()).toEqual(["everything", "fx"]);
    expect(ready.find((event) => event.server === "fx")).toMatchObject({
      toolCount: byName.fx?.toolCount,
    });
    const failed = events.find((event) => event.type === "failed");
    expect(failed).toMatchObject({ server: "broken", reason: expect.stringContaining("broken") });
    expect(text(await registry.dispatch("mcp_everything_get-sum", { a: 1, b: 2 }))).toBe(
      "The sum of 1 and 2 is 3.",
    );
    expect(text(await registry.dispatch("mcp_fx_add", { a: 1, b: 2 }))).toBe("3");
    expect(registry.toolsets()).toEqual(expect.arrayContaining(["mcp-fx", "mcp-everything"]));
    expect(registry.toolsets()).not.toContain("mcp-broken");
  });

  it("ignores a listener that throws: the servers start and their tools run", async () => {
    const registry = new ToolRegistry();
    let calls = 0;
    const hub = await connectAll({ fx: entry(fixtureServer()) }, registry, {
      onEvent: () => {
        calls++;
        throw new Error("a broken progress display");
      },
      connection: { reconnect: { initialRetries: 0, baseDelayMs: 10 } },
    });
    guard.track(hub);
    expect(calls).toBeGreaterThan(0);
    expect(hub.servers()).toMatchObject([{ name: "fx", state: "ready" }]);
    expect(text(await registry.dispatch("mcp_fx_echo", { text: "still fine" }))).toBe("still fine");
  });

  it("fails a server with a bad entry or a missing command and still starts the others", async () => {
    const { hub } = await start({
      typo: { command: "node", tools: { include: "echo" } },
      missing: entry({ command: "/nonexistent/mcp-server", args: [] }),
      fx: entry(fixtureServer(), { tools: { include: ["echo"] } }),
    });
    const byName = Object.fromEntries(hub.servers().map((status) => [status.name, status]));
    expect(byName.typo).toMatchObject({ state: "failed" });
    expect(byName.typo?.lastError).toContain("servers.typo.tools.include: expected a list");
    expect(byName.missing?.state).toBe("failed");
    expect(byName.missing?.lastError).toMatch(/\/nonexistent\/mcp-server.*(not found|ENOENT)/i);
    expect(byName.fx).toMatchObject({ state: "ready", toolCount: 1 });
  });

  it("skips disabled servers, applies tools filters and exposes reports and the name map", async () => {
    const { hub, events } = await start({
      off: entry(fixtureServer(), { enabled: false }),
      fx: entry(fixtureServer(), { tools: { include: ["e*", "nope"], exclude: ["env"] } }),
    });
    expect(hub.servers()).toEqual([
      {
        name: "off",
        state: "disabled",
        toolCount: 0,
        lastError: undefined,
        phase: "configured",
        lazy: false,
        alwaysLoad: false,
      },
      {
        name: "fx",
        state: "ready",
        toolCount: 1,
        lastError: undefined,
        phase: "started",
        lazy: false,
        alwaysLoad: false,
      },
    ]);
    expect(events.some((event) => event.server === "off")).toBe(false);
    const report = hub.report("fx");
    expect(report?.registered).toEqual([{ name: "mcp_fx_echo", tool: "echo" }]);
    expect(report?.skipped).toContainEqual({ tool: "env", reason: "excluded" });
    expect(report?.skipped).toContainEqual({ tool: "add", reason: "not-included" });
    expect(report?.warnings).toContain('include entry "nope" matches no tool of this server');
    expect(hub.reports().map((item) => item.server)).toEqual(["fx"]);
    expect(hub.resolveTool("mcp_fx_echo")).toEqual({ server: "fx", tool: "echo" });
    expect(hub.resolveTool("mcp_fx_add")).toBeUndefined();
  });

  it("renames cross-server collisions so both servers' tools are kept", async () => {
    const { hub, registry } = await start({
      "a.b": entry(fixtureServer(), { tools: { include: ["stats"] } }),
      a_b: entry(fixtureServer(), { tools: { include: ["stats"] } }),
    });
    const names = hub.reports().flatMap((report) => report.registered.map((item) => item.name));
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(names).toContain("mcp_a_b_stats");
    const pids = await Promise.all(
      names.map(async (name) => JSON.parse(text(await registry.dispatch(name, {}))).pid),
    );
    expect(pids[0]).not.toBe(pids[1]);
    for (const name of names) expect(hub.resolveTool(name)?.tool).toBe("stats");
  });

  it("follows tools/list_changed: adds and removes tools mid-session", async () => {
    const { registry, events } = await start({
      fx: entry(fixtureServer(), { tools: { include: ["add_tool", "late*"] } }),
      dyn: entry(dynamicServer([{ name: "old" }])),
    });
    const added = waitForEvent(events, (event) => event.type === "synced" && event.server === "fx");
    await registry.dispatch("mcp_fx_add_tool", { name: "late_one" });
    await added;
    expect(text(await registry.dispatch("mcp_fx_late_one", { text: "hi" }))).toBe("late_one: hi");
    const removed = waitForEvent(
      events,
      (event) =>
        event.type === "synced" &&
        event.server === "dyn" &&
        !event.report.registered.some((item) => item.tool === "old"),
    );
    await registry.dispatch("mcp_dyn_control", { remove: ["old"], add: [{ name: "new" }] });
    await removed;
    expect(registry.has("mcp_dyn_old")).toBe(false);
    expect(registry.has("mcp_dyn_new")).toBe(true);
    const gone = await registry.dispatch("mcp_dyn_old", {});
    expect(gone.isError).toBe(true);
  });

  it('keeps a killed server\'s tools answering errors while it is down (whileReconnecting "fail"), then works again', async () => {
    const { hub, registry, events } = await start(
      { fx: entry(fixtureServer(), { tools: { include: ["stats", "echo"] } }) },
      [],
      new ToolRegistry(),
      { whileReconnecting: "fail" },
    );
    const before = JSON.parse(text(await registry.dispatch("mcp_fx_stats", {}))).pid as number;
    const reconnecting = waitForEvent(events, (event) => event.type === "reconnecting");
    process.kill(before, "SIGKILL");
    await reconnecting;
    const down = await registry.dispatch("mcp_fx_echo", { text: "anyone?" });
    expect(down).toMatchObject({ isError: true, code: "UNAVAILABLE" });
    expect(text(down)).toMatch(
      /^Tool "mcp_fx_echo" is unavailable: .*server "fx" is reconnecting .*Try again in a moment/,
    );
    expect(registry.has("mcp_fx_echo")).toBe(true);
    await waitForEvent(events, (event) => event.type === "synced" && event.server === "fx");
    expect(hub.servers()[0]).toMatchObject({ state: "ready", toolCount: 2 });
    expect(text(await registry.dispatch("mcp_fx_echo", { text: "back" }))).toBe("back");
    const after = JSON.parse(text(await registry.dispatch("mcp_fx_stats", {}))).pid as number;
    expect(after).not.toBe(before);
  });

  it("registers a Streamable HTTP server beside a stdio one", async () => {
    const http = await startFixtureHttpServer({ name: "remote" }, guard.env());
    guard.defer(() => http.close()); // after the hub, which the guard closes first
    const { hub, registry } = await start({
      remote: { url: http.url, tools: { include: ["echo", "content_types"] } },
      local: entry(fixtureServer(), { tools: { include: ["echo"] } }),
    });
    expect(hub.servers().map((status) => [status.name, status.state, status.toolCount])).toEqual([
      ["remote", "ready", 2],
      ["local", "ready", 1],
    ]);
    expect(text(await registry.dispatch("mcp_remote_echo", { text: "over http" }))).toBe(
      "over http",
    );
    const blocks = (await registry.dispatch("mcp_remote_content_types", {})).content.map(
      (block) => block.type,
    );
    expect(blocks).toEqual(["text", "image", "audio", "resource", "resource", "resource_link"]);
  });

  it("keeps the tools of a server that is down for good answering errors, and reports it", async () => {
    const { hub, registry, events } = await start({
      fx: entry(fixtureServer({ crashOn: "add" }), {
        reconnect: { sessionRetries: 0 },
        tools: { include: ["add", "echo"] },
      }),
    });
    const failed = waitForEvent(events, (event) => event.type === "failed");
    const crashed = await registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    expect(crashed.isError).toBe(true);
    expect(text(crashed)).toMatch(/^Tool "mcp_fx_add" (failed|is unavailable): .*"fx"/);
    await failed;
    const down = await registry.dispatch("mcp_fx_echo", { text: "still there?" });
    expect(down).toMatchObject({ isError: true, code: "UNAVAILABLE" });
    expect(text(down)).toMatch(
      /^Tool "mcp_fx_echo" is unavailable: MCP server "fx" is down \(failed\) and is not restarted in this session, so its tools cannot run; go on without them or tell the user\. Last error: .*not reconnecting: reconnects are off/,
    );
    expect(registry.has("mcp_fx_echo")).toBe(true);
    expect(hub.servers()[0]).toMatchObject({ name: "fx", state: "failed", toolCount: 2 });
    expect(hub.servers()[0]?.lastError).toContain("not reconnecting: reconnects are off");
  });

  it("a server back from a crash that cannot list its tools again: sync-failed, its tools from before stay", async () => {
    const started = join(mkdtempSync(join(tmpdir(), "tinyloop-unlisted-")), "started");
    const fixture = fixtureServer({ crashOn: "add" });
    // The first start lists its tools; every restart answers tools/list with an error.
    const script = `if [ -e '${started}' ]; then exec "$0" "$@" --fail-tools-list; fi; touch '${started}'; exec "$0" "$@"`;
    const { hub, registry, events } = await start({
      fx: entry({ command: "sh", args: ["-c", script, fixture.command, ...fixture.args] }),
    });
    const before = hub.servers()[0]?.toolCount ?? 0;
    expect(before).toBeGreaterThan(10);
    const unlisted = waitForEvent(events, (event) => event.type === "sync-failed");
    await registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    expect(await unlisted).toMatchObject({
      server: "fx",
      toolCount: before,
      reason: expect.stringContaining("tools/list fails on purpose"),
    });
    expect(events.some((event) => event.type === "synced")).toBe(false);
    expect(hub.servers()[0]).toMatchObject({ state: "ready", toolCount: before });
    expect(text(await registry.dispatch("mcp_fx_echo", { text: "still" }))).toBe("still");
    // The reconnect starts two re-syncs (state change, tools changed) that share one listing.
    expect(events.filter((event) => event.type === "sync-failed")).toHaveLength(1);
  });

  it("closed while a server just back is still listing its tools: close waits for that news", async () => {
    const started = join(mkdtempSync(join(tmpdir(), "tinyloop-unlisted-")), "started");
    const fixture = fixtureServer({ crashOn: "add" });
    // Every restart answers tools/list with an error, 300 ms late; its tool calls answer at once.
    const restart = `exec "$0" "$@" --fail-tools-list --tools-list-delay-ms 300`;
    const script = `if [ -e '${started}' ]; then ${restart}; fi; touch '${started}'; exec "$0" "$@"`;
    const { hub, registry, events } = await start({
      fx: entry({ command: "sh", args: ["-c", script, fixture.command, ...fixture.args] }),
    });
    await registry.dispatch("mcp_fx_add", { a: 1, b: 2 });
    // Answered by the restarted server while its listing is still under way.
    expect(text(await registry.dispatch("mcp_fx_echo", { text: "back" }))).toBe("back");
    expect(events.some((event) => event.type === "sync-failed")).toBe(false);
    await hub.close();
    const types = events.filter((event) => event.server === "fx").map((event) => event.type);
    expect(types.slice(-2)).toEqual(["sync-failed", "closed"]);
  });

  it("re-lists after a reconnect: tools the restarted server no longer has are removed", async () => {
    const { registry, events } = await start({ dyn: entry(dynamicServer([{ name: "base" }])) });
    const grown = waitForEvent(events, (event) => event.type === "synced");
    await registry.dispatch("mcp_dyn_control", { add: [{ name: "temp" }] });
    await grown;
    expect(registry.has("mcp_dyn_temp")).toBe(true);
    const [server] = processesWithMarker(guard.marker());
    const back = waitForEvent(
      events,
      (event) =>
        event.type === "synced" && !event.report.registered.some((item) => item.tool === "temp"),
    );
    const seen = events.length;
    process.kill(server?.pid ?? 0, "SIGKILL");
    await back;
    expect(registry.has("mcp_dyn_temp")).toBe(false);
    // One "synced" for the reconnect: its two re-syncs share one listing, announced once.
    const since = () => events.slice(seen).filter((event) => event.type === "synced");
    expect(since()).toHaveLength(1);
    expect(JSON.parse(text(await registry.dispatch("mcp_dyn_base", {})))).toEqual({
      tool: "base",
      args: {},
    });
  });

  it("turns a call timeout into an error result naming the server", async () => {
    const { registry } = await start({ fx: entry(fixtureServer(), { timeouts: { callMs: 300 } }) });
    const result = await registry.dispatch("mcp_fx_hang", {});
    expect(result).toMatchObject({ isError: true, code: "TIMEOUT" });
    expect(text(result)).toMatch(
      /^Tool "mcp_fx_hang" timed out: Tool "hang" on server "fx" did not answer within 300 ms/,
    );
  });
});

describe("connectAll input checks", () => {
  it("fails a server with a bad config with the transport's one check, naming the key, and keeps the others", async () => {
    const registry = new ToolRegistry();
    const hub = await connectAll({ bad: { command: 3 }, gone: { url: "not a url" } }, registry);
    try {
      const [bad, gone] = hub.servers();
      expect(bad).toMatchObject({ name: "bad", state: "failed" });
      expect(bad?.lastError).toContain(
        "Invalid MCP server config at bad: - bad.command: expected a string, got a number (3)",
      );
      expect(gone).toMatchObject({ name: "gone", state: "failed" });
      expect(gone?.lastError).toContain("gone.url");
    } finally {
      await hub.close();
    }
  });

  it("throws for servers that are not a record and for bad options", async () => {
    const registry = new ToolRegistry();
    await expect(
      connectAll([] as unknown as Record<string, unknown>, registry),
    ).rejects.toMatchObject({
      code: "CONFIG_INVALID",
      message: expect.stringContaining("connectAll: expected a record of named server configs"),
    });
    await expect(
      connectAll({}, registry, { maxTextLength: 100_000 } as unknown as ConnectAllOptions),
    ).rejects.toMatchObject({
      code: "OPTIONS_INVALID",
      message: expect.stringMatching(
        /^connectAll: options\.maxTextLength was removed: .* pass maxToolResultChars to new Agent\(…\) instead\.$/,
      ),
    });
  });
});

describe("McpHub.reload", () => {
  it("adds, removes, re-filters and restarts only what changed", async () => {
    const { hub, registry } = await start({
      keep: entry(fixtureServer(), { tools: { include: ["stats"] } }),
      filter: entry(fixtureServer(), { tools: { include: ["stats"] } }),
      restart: entry(fixtureServer(), { tools: { include: ["stats"] } }),
      drop: entry(fixtureServer(), { tools: { include: ["stats"] } }),
    });
    const pid = async (server: string) =>
      JSON.parse(text(await registry.dispatch(`mcp_${server}_stats`, {}))).pid as number;
    const pids = {
      keep: await pid("keep"),
      filter: await pid("filter"),
      restart: await pid("restart"),
    };
    const summary = await hub.reload({
      keep: { ...entry(fixtureServer()), tools: { include: ["stats"] } },
      filter: entry(fixtureServer(), { tools: { include: ["stats", "echo"] } }),
      restart: entry(fixtureServer({ name: "renamed" }), { tools: { include: ["stats"] } }),
      fresh: entry(fixtureServer(), { tools: { include: ["stats"] } }),
    });
    expect(summary).toEqual({
      added: ["fresh"],
      removed: ["drop"],
      restarted: ["restart"],
      refiltered: ["filter"],
      unchanged: ["keep"],
    });
    expect(await pid("keep")).toBe(pids.keep);
    expect(await pid("filter")).toBe(pids.filter);
    expect(registry.has("mcp_filter_echo")).toBe(true);
    expect(await pid("restart")).not.toBe(pids.restart);
    expect(registry.has("mcp_drop_stats")).toBe(false);
    expect(await pid("fresh")).toBeGreaterThan(0);
    expect(hub.servers().map((status) => [status.name, status.state])).toEqual([
      ["keep", "ready"],
      ["filter", "ready"],
      ["restart", "ready"],
      ["fresh", "ready"],
    ]);
  });

  it("close() is bounded by shutdownTimeoutMs: a connection whose close never ends does not hold it", async () => {
    const registry = new ToolRegistry();
    let stuck: McpConnection | undefined;
    const hub = await connectAll(
      {
        stuck: entry(fixtureServer()),
        stubborn: entry(fixtureServer({ ignoreSigterm: true, linger: true })),
        plain: entry(fixtureServer()),
      },
      registry,
      {
        shutdownTimeoutMs: 1_000,
        connection: { killAfterMs: 500 },
        // The real transport connection, except that closing "stuck" never finishes.
        connect: async (name, config, options) => {
          const connection = await connectServer(name, config, options);
          if (name !== "stuck") return connection;
          stuck = connection;
          return new Proxy(connection, {
            get(target, property) {
              if (property === "close") return () => new Promise<void>(() => {});
              const value = Reflect.get(target, property, target);
              return typeof value === "function" ? value.bind(target) : value;
            },
          });
        },
      },
    );
    try {
      expect(hub.servers().map((status) => status.state)).toEqual(["ready", "ready", "ready"]);
      await hub.close(); // would never resolve without the bound
      expect(registry.list()).toEqual([]);
      expect(hub.servers().map((status) => status.state)).toEqual(["closed", "closed", "closed"]);
    } finally {
      await stuck?.close(); // the afterEach hook checks that no server process is left
    }
  });

  it("retries a failed server, and close() removes every tool", async () => {
    const { hub, registry } = await start({ later: entry(fixtureServer({ exitOnStart: 1 })) });
    expect(hub.servers()[0]?.state).toBe("failed");
    const summary = await hub.reload({ later: entry(fixtureServer({ exitOnStart: 1 })) });
    expect(summary.restarted).toEqual(["later"]);
    await hub.reload({ later: entry(fixtureServer(), { tools: { include: ["echo"] } }) });
    expect(hub.servers()[0]).toMatchObject({ state: "ready", toolCount: 1 });
    await hub.close();
    expect(registry.list()).toEqual([]);
    await expect(hub.reload({})).rejects.toMatchObject({ code: "CLOSED" });
  });
});
