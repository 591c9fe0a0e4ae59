import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectServer, type McpConnection } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer, LONG_TOOL_NAME, TINY_PNG } from "@tinyloop/test-fixtures/mcp-server";
import { guardedConnector, useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { sdkConnection } from "../test/sdk-connection.js";
import { dynamicServer, everythingServer, filesystemServer } from "../test/servers.js";
import { registerServer } from "./register-server.js";
import type { RegisterServerOptions } from "./register-server-options.js";

const guard = useProcessGuard();
const connect = guardedConnector(guard, connectServer);

function text(result: { content: unknown[] }): string {
  return result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");
}

/** Resolves after the registry's next change. */
function nextChange(registry: ToolRegistry) {
  return new Promise<void>((resolve) => {
    const off = registry.onChange(() => {
      off();
      resolve();
    });
  });
}

describe("registerServer with the fixture server", () => {
  it("registers every tool as mcp_<server>_<tool> in toolset mcp-<server>, with source and annotations", async () => {
    const registry = new ToolRegistry();
    const connection = await connect("fx", fixtureServer());
    const report = await registerServer(registry, connection, { server: "fx" });
    expect(report.skipped).toEqual([]);
    expect(report.registered).toContainEqual({ name: "mcp_fx_echo", tool: "echo" });
    expect(report.registered).toContainEqual({
      name: "mcp_fx_content_types",
      tool: "content_types",
    });
    const echo = registry.get("mcp_fx_echo");
    expect(echo).toMatchObject({
      toolset: "mcp-fx",
      description: "Returns its text argument unchanged.",
      annotations: { readOnlyHint: true },
      source: { server: "fx", tool: "echo" },
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    });
    expect(registry.toolsets()).toEqual(["mcp-fx"]);
    expect(await registry.dispatch("mcp_fx_echo", '{"text":"hi"}')).toEqual({
      content: [{ type: "text", text: "hi" }],
    });
  });

  it("gives the 100-character tool name a 64-character name ending in a hash, and it works", async () => {
    const registry = new ToolRegistry();
    const report = await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
    });
    const entry = report.registered.find((item) => item.tool === LONG_TOOL_NAME);
    expect(entry?.name).toHaveLength(64);
    expect(entry?.name).toMatch(/^mcp_fx_long_x+_[0-9a-f]{8}$/);
    expect(text(await registry.dispatch(entry?.name ?? "", {}))).toBe("long name ok");
  });

  it("applies include and exclude globs, exclude winning, and warns about an include that matches nothing", async () => {
    const registry = new ToolRegistry();
    const report = await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
      include: ["e*", "add", "imagee"],
      exclude: ["echo"],
    });
    expect(report.registered.map((item) => item.tool)).toEqual(["add", "env"]);
    expect(report.skipped).toContainEqual({ tool: "echo", reason: "excluded" });
    expect(report.skipped).toContainEqual({ tool: "sleep", reason: "not-included" });
    expect(report.warnings).toEqual(['include entry "imagee" matches no tool of this server']);
    const excluded = await registerServer(
      new ToolRegistry(),
      await connect("fx2", fixtureServer()),
      {
        server: "fx2",
        exclude: ["*_*", "hang"],
      },
    );
    expect(excluded.registered.map((item) => item.tool)).not.toContain("add_tool");
    expect(excluded.skipped).toContainEqual({ tool: "content_types", reason: "excluded" });
    expect(excluded.skipped).toContainEqual({ tool: "hang", reason: "excluded" });
  });

  it("skips a tool whose name a built-in holds, and the built-in keeps answering", async () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "mcp_fx_echo",
        description: "built-in",
        inputSchema: { type: "object" },
        toolset: "builtin",
      },
      () => "from the built-in",
    );
    const report = await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
    });
    expect(report.skipped).toEqual([
      {
        tool: "echo",
        reason: "collides-with-builtin",
        detail: 'the built-in tool "mcp_fx_echo" keeps the name',
      },
    ]);
    expect(report.registered.map((item) => item.tool)).not.toContain("echo");
    expect(text(await registry.dispatch("mcp_fx_echo", {}))).toBe("from the built-in");
  });

  it("keeps every content type, in order", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), { server: "fx" });
    const result = await registry.dispatch("mcp_fx_content_types", {});
    expect(result).toEqual({
      content: [
        { type: "text", text: "hello" },
        { type: "image", mimeType: "image/png", data: TINY_PNG },
        { type: "audio", mimeType: "audio/wav", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEA" },
        {
          type: "resource",
          resource: { uri: "fixture://text", mimeType: "text/plain", text: "resource text" },
        },
        {
          type: "resource",
          resource: { uri: "fixture://blob", mimeType: "application/octet-stream", blob: "AAEC" },
        },
        { type: "resource_link", uri: "fixture://linked", name: "linked", mimeType: "text/plain" },
      ],
    });
  });

  it("validates structuredContent against the outputSchema with a warning, not a failure", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), { server: "fx" });
    const ok = await registry.dispatch("mcp_fx_structured", { a: 1, b: 2 });
    expect(ok).toEqual({
      content: [{ type: "text", text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
    });
    expect(await registry.dispatch("mcp_fx_structured", { a: 1, b: 2, mode: "mismatch" })).toEqual({
      content: [
        { type: "text", text: "3" },
        {
          type: "text",
          text: "[warning: structuredContent does not match the tool's outputSchema: /sum must be number]",
        },
      ],
      structuredContent: { sum: "3" },
    });
    expect(await registry.dispatch("mcp_fx_structured", { a: 1, b: 2, mode: "omit" })).toEqual({
      content: [
        { type: "text", text: "3" },
        {
          type: "text",
          text: "[warning: the tool declares an outputSchema but returned no structuredContent]",
        },
      ],
    });
  });

  it("reports an outputSchema that cannot be compiled once the tool is first called", async () => {
    const registry = new ToolRegistry();
    const broken = { type: "object", properties: { a: { $ref: "#/nowhere" } } };
    const registration = await registerServer(
      registry,
      await connect("dyn", dynamicServer([{ name: "odd", outputSchema: broken }])),
      { server: "dyn" },
    );
    expect(registration.warnings).toEqual([]);
    const result = await registry.dispatch("mcp_dyn_odd", { structured: { a: 1 } });
    expect(result.structuredContent).toEqual({ a: 1 });
    expect(result.content).toHaveLength(1);
    expect(registration.warnings).toEqual([
      expect.stringMatching(
        /^tool "odd": outputSchema could not be compiled: .*; results are not checked$/,
      ),
    ]);
  });

  it("keeps isError results with the server's text", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), { server: "fx" });
    expect(await registry.dispatch("mcp_fx_fail", { message: "nope" })).toEqual({
      content: [{ type: "text", text: "fixture failure: nope" }],
      isError: true,
    });
    const thrown = await registry.dispatch("mcp_fx_throw", {});
    expect(thrown.isError).toBe(true);
    expect(text(thrown)).toContain("thrown on purpose");
  });

  it("passes a long text through whole: agent-loop is the one layer that cuts tool output", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), { server: "fx" });
    const result = await registry.dispatch("mcp_fx_big", { bytes: 150_000 });
    expect(text(result)).toBe("x".repeat(150_000));
  });

  it("forwards progress and cancellation", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), { server: "fx" });
    const progress: unknown[] = [];
    const done = await registry.dispatch(
      "mcp_fx_progress",
      { steps: 3, delayMs: 20 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(text(done)).toBe("done 3 steps");
    // The last notification can race the response (the raw SDK client loses it as well),
    // so only the first ones are certain.
    expect(progress[0]).toEqual({ progress: 1, total: 3, message: "step 1 of 3" });
    const controller = new AbortController();
    const pending = registry.dispatch(
      "mcp_fx_sleep",
      { ms: 10_000 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    const cancelled = await pending;
    expect(cancelled).toEqual({
      content: [{ type: "text", text: 'Tool "mcp_fx_sleep" was cancelled.' }],
      isError: true,
      code: "ABORTED",
    });
  });
});

describe("registerServer options", () => {
  it("rejects bad options with OPTIONS_INVALID, naming the option and an example", async () => {
    const connection = await connect("fx", fixtureServer());
    const registry = new ToolRegistry();
    await expect(registerServer(registry, connection, { server: "" })).rejects.toMatchObject({
      code: "OPTIONS_INVALID",
      message: expect.stringContaining(
        'options.server: expected a non-empty string (the server\'s name, e.g. "github")',
      ),
    });
    await expect(
      registerServer(registry, connection, {
        server: "fx",
        include: "read_*" as unknown as string[],
      }),
    ).rejects.toThrow(
      'options.include: expected a list of tool names or globs (e.g. ["read_*"]), got a string ("read_*")',
    );
    await expect(
      registerServer(registry, connection, {
        server: "fx",
        maxTextLength: 1000,
      } as unknown as RegisterServerOptions),
    ).rejects.toThrow(
      "registerServer: options.maxTextLength was removed: tool output is now cut once, by @tinyloop/agent-loop (Agent option maxToolResultChars",
    );
    await expect(
      registerServer(registry, connection, { server: "fx", prefix: 1 as unknown as string }),
    ).rejects.toThrow(
      'options.prefix: expected a string (e.g. "mcp", or "" for none), got a number (1)',
    );
    await expect(
      registerServer(registry, connection, { server: "fx", toolset: "" }),
    ).rejects.toThrow(
      'options.toolset: expected a non-empty string (e.g. "mcp-github"), got an empty string',
    );
    await expect(
      registerServer(registry, connection, { server: "fx", callTimeoutMs: -5 }),
    ).rejects.toThrow(
      "options.callTimeoutMs: expected a positive number of milliseconds (e.g. 60000), got a number (-5)",
    );
    await expect(
      registerServer(registry, connection, { server: "fx", timeouts: { callMs: 0 } }),
    ).rejects.toThrow(
      "options.timeouts.callMs: expected a positive number of milliseconds (e.g. 60000), got a number (0)",
    );
    await expect(
      registerServer(registry, connection, {
        server: "fx",
        timeouts: { connectMs: 5 } as unknown as { callMs: number },
      }),
    ).rejects.toThrow("options.timeouts.connectMs: unknown key; only callMs is read here");
    await expect(
      registerServer(registry, connection, {
        server: "fx",
        callTimeoutMs: 5,
        timeouts: { callMs: 5 },
      }),
    ).rejects.toThrow("options.callTimeoutMs and options.timeouts.callMs are both set");
    await expect(
      registerServer(registry, connection, {
        server: "fx",
        whileReconnecting: "retry" as "wait",
      }),
    ).rejects.toThrow(
      'options.whileReconnecting: expected "wait" or "fail", got a string ("retry")',
    );
    expect(registry.list()).toEqual([]);
  });

  it("still registers when a registry change listener throws, and says so", async () => {
    const registry = new ToolRegistry();
    registry.onChange(() => {
      throw new Error("listener broke");
    });
    const report = await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
      include: ["echo", "add"],
    });
    expect(report.registered.map((item) => item.name)).toEqual(["mcp_fx_echo", "mcp_fx_add"]);
    expect(report.warnings).toEqual([
      'a registry change listener threw while registering "mcp_fx_echo": listener broke',
      'a registry change listener threw while registering "mcp_fx_add": listener broke',
    ]);
    expect(text(await registry.dispatch("mcp_fx_echo", { text: "ok" }))).toBe("ok");
  });

  it("uses a custom prefix and toolset, or no prefix at all", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
      include: ["echo"],
      prefix: "ext",
      toolset: "external",
    });
    await registerServer(registry, await connect("fx2", fixtureServer()), {
      server: "fx2",
      include: ["echo"],
      prefix: "",
    });
    expect(registry.list().map((tool) => [tool.name, tool.toolset])).toEqual([
      ["ext_fx_echo", "external"],
      ["fx2_echo", "mcp-fx2"],
    ]);
  });
});

describe("registerServer collisions", () => {
  it("keeps tools of one server whose names collide after sanitising, under distinct names", async () => {
    const registry = new ToolRegistry();
    const connection = await connect(
      "dyn",
      dynamicServer([{ name: "a.b" }, { name: "a_b" }, { name: "a b" }]),
    );
    const report = await registerServer(registry, connection, { server: "dyn" });
    const names = Object.fromEntries(
      report.registered
        .filter((item) => item.tool !== "control")
        .map((item) => [item.tool, item.name]),
    );
    expect(names.a_b).toBe("mcp_dyn_a_b");
    expect(names["a.b"]).toMatch(/^mcp_dyn_a_b_[0-9a-f]{8}$/);
    expect(names["a b"]).toMatch(/^mcp_dyn_a_b_[0-9a-f]{8}$/);
    expect(new Set(Object.values(names)).size).toBe(3);
    expect(report.warnings.filter((warning) => warning.includes("already taken"))).toHaveLength(2);
    for (const [tool, name] of Object.entries(names)) {
      expect(JSON.parse(text(await registry.dispatch(name, {})))).toEqual({ tool, args: {} });
    }
  });

  it("keeps tools of two servers whose names collide, each reaching its own server", async () => {
    const registry = new ToolRegistry();
    const first = await registerServer(registry, await connect("a.b", fixtureServer()), {
      server: "a.b",
      include: ["stats"],
    });
    const second = await registerServer(registry, await connect("a_b", fixtureServer()), {
      server: "a_b",
      include: ["stats"],
    });
    expect(first.registered).toEqual([{ name: "mcp_a_b_stats", tool: "stats" }]);
    const renamed = second.registered[0]?.name ?? "";
    expect(renamed).toMatch(/^mcp_a_b_stats_[0-9a-f]{8}$/);
    expect(second.warnings).toEqual([
      `tool "stats" registered as "${renamed}": "mcp_a_b_stats" is already taken by tool "stats" of server "a.b"`,
    ]);
    const pidA = JSON.parse(text(await registry.dispatch("mcp_a_b_stats", {}))).pid;
    const pidB = JSON.parse(text(await registry.dispatch(renamed, {}))).pid;
    expect(pidA).not.toBe(pidB);
    expect(registry.get(renamed)?.source).toEqual({ server: "a_b", tool: "stats" });
  });
});

describe("registerServer with a long server name", () => {
  const long = "github.com/modelcontextprotocol/servers/tree/main/src/everything";
  const short = `github_com_mo_${createHash("sha256").update(long).digest("hex").slice(0, 4)}`;

  it("keeps each tool name whole, shortens the server part, and the tools work", async () => {
    const registry = new ToolRegistry();
    const report = await registerServer(registry, await connect(long, fixtureServer()), {
      server: long,
      include: ["echo", "stats"],
    });
    expect(report.registered).toEqual([
      { name: `mcp_${short}_echo`, tool: "echo" },
      { name: `mcp_${short}_stats`, tool: "stats" },
    ]);
    expect(text(await registry.dispatch(`mcp_${short}_echo`, { text: "hi" }))).toBe("hi");
    expect(registry.get(`mcp_${short}_echo`)?.source).toEqual({ server: long, tool: "echo" });
  });

  it("gives the hash to a name that collides after shortening", async () => {
    const registry = new ToolRegistry();
    const first = await registerServer(registry, await connect(short, fixtureServer()), {
      server: short,
      include: ["stats"],
    });
    const second = await registerServer(registry, await connect(long, fixtureServer()), {
      server: long,
      include: ["stats"],
    });
    expect(first.registered).toEqual([{ name: `mcp_${short}_stats`, tool: "stats" }]);
    const renamed = second.registered[0]?.name ?? "";
    expect(renamed).toMatch(new RegExp(`^mcp_${short}_stats_[0-9a-f]{8}$`));
    expect(second.warnings[0]).toContain(`is already taken by tool "stats" of server "${short}"`);
    const pidA = JSON.parse(text(await registry.dispatch(`mcp_${short}_stats`, {}))).pid;
    const pidB = JSON.parse(text(await registry.dispatch(renamed, {}))).pid;
    expect(pidA).not.toBe(pidB);
  });
});

describe("registerServer keeps the registry true", () => {
  it("adds, removes and replaces tools on tools/list_changed, letting an in-flight call finish", async () => {
    const registry = new ToolRegistry();
    const connection = await connect(
      "dyn",
      dynamicServer([{ name: "keep" }, { name: "gone" }, { name: "edit" }]),
    );
    const syncs: string[][] = [];
    const registration = await registerServer(registry, connection, {
      server: "dyn",
      onSync: (report) => syncs.push(report.registered.map((item) => item.tool)),
    });
    expect(registration.registered.map((item) => item.tool)).toEqual([
      "control",
      "keep",
      "gone",
      "edit",
    ]);
    // Held on the server until released below: it is in flight through the whole change.
    const inFlight = registry.dispatch("mcp_dyn_gone", { hold: true });
    const changed = nextChange(registry);
    await registry.dispatch("mcp_dyn_control", {
      add: [{ name: "fresh" }],
      remove: ["gone"],
      replace: [{ name: "edit", description: "edited" }],
    });
    await changed;
    await registration.sync(); // waits for the sync that the notification started
    expect(registration.registered.map((item) => item.tool)).toEqual([
      "control",
      "keep",
      "edit",
      "fresh",
    ]);
    expect(registry.has("mcp_dyn_gone")).toBe(false);
    expect(registry.get("mcp_dyn_edit")?.description).toBe("edited");
    expect(JSON.parse(text(await registry.dispatch("mcp_dyn_fresh", { text: "x" })))).toEqual({
      tool: "fresh",
      args: { text: "x" },
    });
    expect(text(await registry.dispatch("mcp_dyn_control", { release: true }))).toBe("released 1");
    expect(JSON.parse(text(await inFlight))).toEqual({ tool: "gone", args: { hold: true } });
    expect(syncs.at(-1)).toEqual(["control", "keep", "edit", "fresh"]);
  });

  it("runs syncs of one server one at a time and coalesces bursts", async () => {
    const registry = new ToolRegistry();
    let listing = 0;
    let most = 0;
    let calls = 0;
    const connection = await connect("dyn", dynamicServer([{ name: "one" }]));
    const listTools = connection.listTools.bind(connection);
    connection.listTools = async () => {
      calls++;
      listing++;
      most = Math.max(most, listing);
      try {
        return await listTools();
      } finally {
        listing--;
      }
    };
    const registration = await registerServer(registry, connection, { server: "dyn" });
    const reports = await Promise.all([
      registration.sync(),
      registration.sync(),
      registration.sync(),
    ]);
    expect(most).toBe(1);
    // One listing for the registration, one shared by the three syncs asked for at once.
    expect(calls).toBe(2);
    expect(reports.every((report) => report.registered.length === 2)).toBe(true);
  });

  it("close() stops watching and removes the server's tools", async () => {
    const registry = new ToolRegistry();
    registry.register(
      { name: "own", description: "", inputSchema: {}, toolset: "builtin" },
      () => "ok",
    );
    const registration = await registerServer(registry, await connect("fx", fixtureServer()), {
      server: "fx",
    });
    expect(registry.list().length).toBeGreaterThan(10);
    registration.close();
    expect(registry.list().map((tool) => tool.name)).toEqual(["own"]);
    expect(registration.registered).toEqual([]);
  });
});

describe("registerServer with any connection of the ServerConnection shape", () => {
  it("works over the plain SDK client too", async () => {
    const registry = new ToolRegistry();
    const connection = await sdkConnection("sdk", fixtureServer(), guard.env());
    guard.track(connection);
    const report = await registerServer(registry, connection, { server: "sdk", include: ["echo"] });
    expect(report.registered).toEqual([{ name: "mcp_sdk_echo", tool: "echo" }]);
    expect(text(await registry.dispatch("mcp_sdk_echo", { text: "via sdk" }))).toBe("via sdk");
  });
});

describe("registerServer with real servers", () => {
  it("registers server-everything's hyphenated tools and calls get-sum", async () => {
    const registry = new ToolRegistry();
    const report = await registerServer(registry, await connect("everything", everythingServer()), {
      server: "everything",
    });
    expect(report.registered).toContainEqual({ name: "mcp_everything_get-sum", tool: "get-sum" });
    expect(report.registered).toContainEqual({
      name: "mcp_everything_get-tiny-image",
      tool: "get-tiny-image",
    });
    expect(text(await registry.dispatch("mcp_everything_get-sum", { a: 2, b: 3 }))).toBe(
      "The sum of 2 and 3 is 5.",
    );
    const structured = await registry.dispatch("mcp_everything_get-structured-content", {
      location: "Chicago",
    });
    expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });
    expect(text(structured)).not.toContain("warning");
    const image = await registry.dispatch("mcp_everything_get-tiny-image", {});
    expect(image.content.some((block) => block.type === "image")).toBe(true);
    const invalid = await registry.dispatch("mcp_everything_get-sum", { a: "two" });
    expect(invalid.isError).toBe(true);
  });

  it("registers server-filesystem's tools and reads a file with read_file", async () => {
    const directory = mkdtempSync(join(tmpdir(), "mcp-registration-"));
    try {
      writeFileSync(join(directory, "note.txt"), "hello from disk");
      const registry = new ToolRegistry();
      const report = await registerServer(
        registry,
        await connect("fs", filesystemServer(directory)),
        {
          server: "fs",
          include: ["read_*", "list_directory"],
        },
      );
      expect(report.registered.map((item) => item.name)).toEqual([
        "mcp_fs_read_file",
        "mcp_fs_read_text_file",
        "mcp_fs_read_media_file",
        "mcp_fs_read_multiple_files",
        "mcp_fs_list_directory",
      ]);
      const result = await registry.dispatch("mcp_fs_read_text_file", {
        path: join(directory, "note.txt"),
      });
      expect(result.isError).toBeUndefined();
      expect(text(result)).toBe("hello from disk");
      expect(result.structuredContent).toEqual({ content: "hello from disk" });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("registerServer timeouts and reconnects", () => {
  /** The fixture server with a slow reconnect, so a call can be made while it reconnects. */
  async function slowToReconnect() {
    const connection = await connectServer(
      "fx",
      { ...fixtureServer(), env: guard.env() },
      { reconnect: { initialRetries: 0, baseDelayMs: 1_500, maxDelayMs: 1_500 } },
    );
    guard.track(connection);
    return connection;
  }

  async function killAndWaitForReconnecting(connection: McpConnection, registry: ToolRegistry) {
    const { pid } = JSON.parse(text(await registry.dispatch("mcp_fx_stats", {}))) as {
      pid: number;
    };
    const reconnecting = new Promise<void>((resolve) => {
      const off = connection.onStateChange((state) => {
        if (state !== "reconnecting") return;
        off();
        resolve();
      });
    });
    process.kill(pid, "SIGKILL");
    await reconnecting;
  }

  it("timeouts.callMs bounds each call of the server (callTimeoutMs, its old name, too)", async () => {
    for (const options of [{ timeouts: { callMs: 200 } }, { callTimeoutMs: 200 }]) {
      const registry = new ToolRegistry();
      await registerServer(registry, await connect("fx", fixtureServer()), {
        server: "fx",
        ...options,
      });
      const result = await registry.dispatch("mcp_fx_sleep", { ms: 20_000 });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^Tool "mcp_fx_sleep" timed out: Tool "sleep" on server "fx"/);
    }
  });

  it("a call made while the server reconnects waits for it and succeeds (the default)", async () => {
    const registry = new ToolRegistry();
    const connection = await slowToReconnect();
    await registerServer(registry, connection, { server: "fx" });
    await killAndWaitForReconnecting(connection, registry);
    const result = await registry.dispatch("mcp_fx_echo", { text: "after the drop" });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe("after the drop");
  });

  it('with whileReconnecting "fail" a call made while the server reconnects fails at once, saying why', async () => {
    const registry = new ToolRegistry();
    const connection = await slowToReconnect();
    await registerServer(registry, connection, { server: "fx", whileReconnecting: "fail" });
    await killAndWaitForReconnecting(connection, registry);
    const result = await registry.dispatch("mcp_fx_echo", { text: "too soon" });
    expect(connection.state).toBe("reconnecting"); // answered without waiting for the server
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^Tool "mcp_fx_echo" is unavailable: MCP server "fx" is not available, so the tool did not run: tools\/call "echo" was not sent: server "fx" is reconnecting \(it dropped: .+\) and calls are set not to wait \(whileReconnecting: "fail"\)\. Try again in a moment\.$/,
    );
  });
});
