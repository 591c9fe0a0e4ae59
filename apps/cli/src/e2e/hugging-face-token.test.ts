import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { resolverOverrideEnv } from "@tinyloop/test-fixtures/resolver-override";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("HF_TOKEN for Hugging Face MCP servers (a *.hf.space name resolved to a fixture on loopback)", () => {
  it("is sent to a *.hf.space server without an Authorization header, never to a server on another host", async () => {
    // Both fixtures accept only this token: the one that gets it connects, the other is refused.
    const space = await startFixtureHttpServer(
      { requireToken: "hf_fixture_token" },
      s.ws.markerEnv,
    );
    const other = await startFixtureHttpServer(
      { requireToken: "hf_fixture_token" },
      s.ws.markerEnv,
    );
    try {
      s.ws.write({
        ".mcp.json": json({
          mcpServers: {
            space: { type: "http", url: `http://flux-demo.hf.space:${space.port}/mcp` },
            other: { type: "http", url: `http://mcp.example.test:${other.port}/mcp` },
          },
        }),
      });
      const env = {
        HF_TOKEN: "hf_fixture_token",
        XDG_CONFIG_HOME: s.ws.path("config"),
        ...resolverOverrideEnv({
          "flux-demo.hf.space": "127.0.0.1",
          "mcp.example.test": "127.0.0.1",
        }),
      };
      const r = await runCli(["mcp", "tools", ".mcp.json", "--json"], { cwd: s.ws.dir, env });
      expect(r.stderr).toContain(
        "tinyloop: server space: HF_TOKEN is sent as its bearer token (a huggingface.co or *.hf.space server with no Authorization header)",
      );
      expect(r.stderr).not.toContain("server other: HF_TOKEN");
      const servers = JSON.parse(r.stdout) as { name: string; state: string; tools: unknown[] }[];
      const byName = Object.fromEntries(servers.map((server) => [server.name, server]));
      expect(byName.space?.state).toBe("ready");
      expect(byName.space?.tools.length).toBeGreaterThan(0);
      expect(byName.other?.state).not.toBe("ready");
    } finally {
      await space.close();
      await other.close();
    }
  });
});
