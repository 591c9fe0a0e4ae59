import type { McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { afterEach, describe, expect, it } from "vitest";
import { disabledServer, stdioServer } from "./__fixtures__/fixture-session.js";
import { connectServers } from "./connect-servers.js";
import { describeServers } from "./describe-servers.js";

let hub: McpHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe("describeServers", () => {
  it("gives each server's tools as registered, what its filter skipped, and why a disabled one is off", async () => {
    const servers = [
      stdioServer("fx", { tools: { include: ["echo", "add"] } }),
      disabledServer("off"),
    ];
    const registry = new ToolRegistry();
    const quiet = { status: () => {}, failed: () => {} };
    ({ hub } = await connectServers(servers, registry, quiet));
    const [fx, off] = describeServers(hub, registry, servers);
    expect(fx?.tools.map((t) => t.name).sort()).toEqual(["mcp_fx_add", "mcp_fx_echo"]);
    expect(fx?.report?.skipped.map((s) => s.tool)).toContain("sleep");
    expect(off).toMatchObject({ state: "disabled", disabledReason: "disabled: true in the file" });
    expect(off?.tools).toEqual([]);
  });

  it("gives a stdio server's sandbox policy, false for an unconfined one", async () => {
    const off = disabledServer("off");
    const confined = { ...off, config: { ...off.config, sandbox: { allowHosts: ["@pypi"] } } };
    const servers = [stdioServer("fx"), confined];
    const registry = new ToolRegistry();
    ({ hub } = await connectServers(servers, registry, { status: () => {}, failed: () => {} }));
    const [fx, sandboxed] = describeServers(hub, registry, servers);
    expect(fx?.sandbox).toBe(false);
    expect(sandboxed?.sandbox).toMatchObject({
      workFolder: process.cwd(),
      allowWrite: [process.cwd()],
      allowHosts: ["pypi.org", "files.pythonhosted.org"],
    });
  });
});
