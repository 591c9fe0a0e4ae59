import type { AgentFileServer } from "@tinyloop/agent-files";
import type { McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it } from "vitest";
import { connectServers } from "./connect-servers.js";
import { describeServers } from "./describe-servers.js";

let hub: McpHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe("describeServers", () => {
  it("gives each server's tools as registered, what its filter skipped, and why a disabled one is off", async () => {
    const { command, args } = fixtureServer({ name: "fx" });
    const servers: AgentFileServer[] = [
      {
        name: "fx",
        path: ["mcpServers", "fx"],
        config: { command, args, env: {} },
        enabled: true,
        tools: { include: ["echo", "add"] },
        autoApprove: [],
      },
      {
        name: "off",
        path: ["mcpServers", "off"],
        config: { command, args, env: {}, enabled: false },
        enabled: false,
        disabledReason: "disabled: true in the file",
        autoApprove: [],
      },
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
});
