import { connectServers, describeServers } from "@tinyloop/agent-session";
import type { McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it } from "vitest";
import { disabledServer, stdioServer } from "./__fixtures__/fixture-session.js";
import { serverLogLine, serverStatusLine, serverToolLines } from "./server-lines.js";

let hub: McpHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

const quiet = { status: () => {}, failed: () => {} };

describe("serverStatusLine and serverToolLines", () => {
  it("give each server's state and tools, a failure's error and a disabled server's reason", async () => {
    const bad = fixtureServer({ name: "bad", exitOnStart: 1 });
    const servers = [
      stdioServer("fx", { tools: { include: ["echo", "add"] } }),
      {
        ...stdioServer("bad"),
        config: { ...bad, env: {}, reconnect: { baseDelayMs: 10, maxDelayMs: 20 } },
      },
      disabledServer("off"),
    ];
    const registry = new ToolRegistry();
    ({ hub } = await connectServers(servers, registry, quiet));
    const [fx, failed, off] = describeServers(hub, registry, servers);
    if (!fx || !failed || !off) throw new Error("three servers expected");
    expect(serverStatusLine(fx)).toBe("fx  ready  2 tools");
    expect(serverStatusLine(failed)).toMatch(/^bad {2}failed {2}0 tools {2}\S/);
    expect(serverStatusLine(off)).toBe("off  disabled  0 tools  disabled: true in the file");
    const lines = serverToolLines(fx);
    expect(lines).toContain("  mcp_fx_echo [read-only]  Returns its text argument unchanged.");
    expect(lines).toContain("  mcp_fx_add  Adds two numbers and returns the sum as text.");
    expect(lines.filter((line) => line.startsWith("  skipped sleep: "))).toHaveLength(1);
  });

  it("masks URLs in the last error and shows a lazy server's phase", () => {
    const line = serverStatusLine({
      name: "gh",
      state: "idle",
      toolCount: 3,
      lastError: "fetch failed for https://user:pw@api.example/mcp?token=s3cret",
      phase: "manifest-known",
      lazy: true,
      alwaysLoad: false,
    });
    expect(line).not.toContain("s3cret");
    expect(line).not.toContain("pw@");
    expect(line).toMatch(
      /^gh {2}idle {2}manifest-known · lazy {2}3 tools {2}fetch failed for https:/,
    );
  });
});

describe("serverLogLine", () => {
  it("gives the server, level, logger and the data in one line", () => {
    expect(serverLogLine({ server: "fx", level: "info", logger: "db", data: "ready\nnow" })).toBe(
      "server fx [info] db: ready now",
    );
    expect(serverLogLine({ server: "fx", level: "debug", data: { n: 1 } })).toBe(
      `server fx [debug]: {"n":1}`,
    );
  });
});
