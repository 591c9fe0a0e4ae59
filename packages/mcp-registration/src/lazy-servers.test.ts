import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolRegistry } from "@tinyloop/registry";
import { processesWithMarker, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { beforeEach, describe, expect, it } from "vitest";
import { everythingServer } from "../test/servers.js";
import { connectAll } from "./connect-all.js";
import type { HubEvent } from "./hub-types.js";
import { ManifestCache } from "./manifest-cache.js";
import { manifestKey } from "./manifest-key.js";
import { parseServerEntry } from "./server-entry.js";
import { splitLoadOptions } from "./server-load-options.js";

const guard = useProcessGuard();
let cacheDir = "";

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), "tinyloop-manifests-"));
  cacheDir = dir;
  guard.defer(() => rm(dir, { recursive: true, force: true })); // once the hubs are closed
});

/** A marked fixture server entry, so the test can count its processes. */
function fx(
  extra: Record<string, unknown> = {},
  options: Parameters<typeof fixtureServer>[0] = {},
) {
  return {
    ...fixtureServer({ name: "fx", ...(options as object) }),
    env: guard.env(),
    ...extra,
  };
}

async function start(servers: Record<string, unknown>, events: HubEvent[] = [], lazy = true) {
  const registry = new ToolRegistry();
  const hub = await connectAll(servers, registry, {
    lazy,
    manifestCache: { dir: cacheDir },
    onEvent: (event) => events.push(event),
    connection: { reconnect: { initialRetries: 0 } },
  });
  guard.track(hub);
  return { hub, registry, events };
}

async function closeAll(): Promise<void> {
  await guard.closeTracked();
  expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()))).toEqual([]);
}

const text = (result: { content: unknown[] }) =>
  result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");

async function cacheEntryOf(entry: Record<string, unknown>) {
  const key = await manifestKey(parseServerEntry("fx", splitLoadOptions("fx", entry).entry).config);
  const path = new ManifestCache({ dir: cacheDir }).pathOf(key);
  return { key, path, read: async () => JSON.parse(await readFile(path, "utf8")) };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("lazy servers", () => {
  it("offers a lazy server's resources and prompts as tools whenever it runs: first run, and after its start", async () => {
    const config = { ...everythingServer(), env: guard.env() };
    const first = await start({ everything: config });
    expect(first.registry.has("mcp_everything_list_resources")).toBe(true);
    expect(first.registry.has("mcp_everything_get_prompt")).toBe(true);
    await closeAll();

    const { hub, registry } = await start({ everything: config });
    expect(hub.servers()[0]).toMatchObject({ state: "idle", phase: "manifest-known" });
    // The cache keeps the server's own tools only: the resource tools come with the start.
    expect(registry.has("mcp_everything_list_resources")).toBe(false);
    const sum = await registry.dispatch("mcp_everything_get-sum", { a: 2, b: 3 });
    expect(text(sum)).toContain("5");
    await until(() => registry.has("mcp_everything_list_resources"), "the resource tools");
    const listed = await registry.dispatch("mcp_everything_list_resources", {});
    expect(listed.isError).toBeFalsy();
    expect(text(listed)).toContain('Resources of server "everything"');
  });

  it("first run starts the server and writes the cache; the next run starts nothing until a call", async () => {
    const config = fx();
    const first = await start({ fx: config });
    expect(first.hub.servers()[0]).toMatchObject({ state: "ready", phase: "started", lazy: true });
    await closeAll(); // also waits for the cache write
    const cached = await (await cacheEntryOf(config)).read();
    expect(cached).toMatchObject({ format: 1, server: "fx", serverInfo: { name: "fx" } });
    expect(cached.tools.map((tool: { name: string }) => tool.name)).toContain("stats");

    const events: HubEvent[] = [];
    const { hub, registry } = await start({ fx: config }, events);
    expect(hub.servers()[0]).toMatchObject({
      state: "idle",
      phase: "manifest-known",
      toolCount: cached.tools.length,
    });
    expect(registry.has("mcp_fx_stats")).toBe(true);
    expect(processesWithMarker(guard.marker())).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(["manifest-known"]);

    // Two parallel first calls start ONE process, and both are answered by it.
    const [a, b] = await Promise.all([
      registry.dispatch("mcp_fx_stats", {}),
      registry.dispatch("mcp_fx_stats", {}),
    ]);
    expect([a.isError, b.isError]).toEqual([undefined, undefined]);
    const pids = [a, b].map((result) => JSON.parse(text(result)).pid);
    expect(pids[0]).toBe(pids[1]);
    const running = processesWithMarker(guard.marker());
    expect(running.map((proc) => proc.pid)).toEqual([pids[0]]);
    expect(hub.servers()[0]).toMatchObject({ state: "ready", phase: "started" });
    expect(events.filter((event) => event.type === "connecting")).toHaveLength(1);
  });

  it("reload keeps an idle lazy server idle, and restarts it when its lazy key changes", async () => {
    const config = fx();
    await start({ fx: config });
    await closeAll();
    const { hub } = await start({ fx: config });
    expect(await hub.reload({ fx: config })).toMatchObject({ unchanged: ["fx"] });
    expect(hub.servers()[0]).toMatchObject({ state: "idle" });
    expect(processesWithMarker(guard.marker())).toEqual([]);
    expect(await hub.reload({ fx: { ...config, lazy: false } })).toMatchObject({
      restarted: ["fx"],
    });
    expect(hub.servers()[0]).toMatchObject({ state: "ready", phase: "started", lazy: false });
  });

  it("refreshes a stale cache entry: starts the server at once and rewrites the entry", async () => {
    const config = fx();
    await start({ fx: config });
    await closeAll();
    const entry = await cacheEntryOf(config);
    const old = await entry.read();
    old.savedAt = Date.now() - 8 * 24 * 60 * 60 * 1000; // older than the 7-day default
    await writeFile(entry.path, JSON.stringify(old));

    const { hub } = await start({ fx: config });
    expect(hub.servers()[0]).toMatchObject({ phase: "started", state: "ready" });
    expect(processesWithMarker(guard.marker())).toHaveLength(1);
    await closeAll();
    expect((await entry.read()).savedAt).toBeGreaterThan(old.savedAt);
  });

  it("registers an out-of-date manifest, then re-lists the live tools on first start and rewrites it", async () => {
    const config = fx();
    await start({ fx: config });
    await closeAll();
    const entry = await cacheEntryOf(config);
    const manifest = await entry.read();
    manifest.tools = [
      ...manifest.tools.filter((tool: { name: string }) => tool.name !== "add"),
      { name: "gone_tool", inputSchema: { type: "object" } },
    ];
    manifest.serverInfo.version = "0.0.1-old";
    await writeFile(entry.path, JSON.stringify(manifest));

    const events: HubEvent[] = [];
    const { registry } = await start({ fx: config }, events);
    expect(registry.has("mcp_fx_gone_tool")).toBe(true);
    expect(registry.has("mcp_fx_add")).toBe(false);
    const echoed = await registry.dispatch("mcp_fx_echo", { text: "hi" });
    expect(text(echoed)).toBe("hi");
    await until(() => registry.has("mcp_fx_add") && !registry.has("mcp_fx_gone_tool"), "re-sync");
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["manifest-known", "connecting", "ready", "synced"]),
    );
    await until(
      async () => (await entry.read()).serverInfo.version !== "0.0.1-old",
      "cache rewrite",
    );
    const names = (await entry.read()).tools.map((tool: { name: string }) => tool.name);
    expect(names).toContain("add");
    expect(names).not.toContain("gone_tool");
  });

  it("a lazy server that fails to start answers error results and shows failed", async () => {
    const config = fx({}, { exitOnStart: 1 });
    const entry = await cacheEntryOf(config);
    await new ManifestCache({ dir: cacheDir }).write(entry.key, {
      format: 1,
      server: "fx",
      tools: [{ name: "echo", inputSchema: { type: "object" } }],
      savedAt: Date.now(),
    });
    const { hub, registry } = await start({ fx: config });
    expect(hub.servers()[0]?.phase).toBe("manifest-known");
    const first = await registry.dispatch("mcp_fx_echo", {});
    expect(first.isError).toBe(true);
    expect(text(first)).toMatch(/MCP server "fx"/);
    expect(hub.servers()[0]).toMatchObject({ state: "failed", phase: "failed" });
    const again = await registry.dispatch("mcp_fx_echo", {});
    expect(text(again)).toMatch(/MCP server "fx" is down \(failed\)/);
  });

  it("per-server lazy wins over the default; alwaysLoad registers tools with deferred: false", async () => {
    const eager = fx({ lazy: false, alwaysLoad: true });
    const { hub, registry } = await start({ fx: eager });
    expect(hub.servers()[0]).toMatchObject({ lazy: false, alwaysLoad: true, phase: "started" });
    expect(registry.deferral("mcp_fx_echo")).toBe(false);
    await closeAll();
    await expect(cacheEntryOf(eager).then((entry) => entry.read())).rejects.toThrow(/ENOENT/);
  });

  it("a non-boolean lazy or alwaysLoad fails that server with a message naming the key", async () => {
    const { hub } = await start({ fx: fx({ lazy: "yes" }) }, [], false);
    expect(hub.servers()[0]).toMatchObject({ state: "failed" });
    expect(hub.servers()[0]?.lastError).toBe(
      'servers.fx.lazy: expected true or false, got a string ("yes") (e.g. "lazy": true)',
    );
  });
});
