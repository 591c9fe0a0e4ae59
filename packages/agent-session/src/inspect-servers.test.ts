import { describe, expect, it } from "vitest";
import { stdioServer } from "./__fixtures__/fixture-session.js";
import { inspectServers } from "./inspect-servers.js";

describe("inspectServers", () => {
  it("connects the servers into a fresh registry whose tools can be called without a model", async () => {
    const failed: string[] = [];
    const progress = { status: () => {}, failed: (server: string) => failed.push(server) };
    const broken = stdioServer("broken", {
      config: { command: process.execPath, args: ["-e", "process.exit(3)"], env: {} },
    });
    const { registry, hub } = await inspectServers([stdioServer("fx"), broken], progress, {
      samplingRefusal: "no model here",
    });
    try {
      expect(registry.get("mcp_fx_echo")).toBeDefined();
      const result = await registry.dispatch("mcp_fx_echo", { text: "hi" });
      expect(result.content).toEqual([{ type: "text", text: "hi" }]);
      expect(failed).toEqual(["broken"]);
    } finally {
      await hub.close();
    }
  });
});
