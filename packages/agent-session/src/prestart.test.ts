import type { AgentFileServer } from "@tinyloop/agent-files";
import { processesWithMarker, waitForMarkedPids } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { disabledServer, stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { prestartAgentServers } from "./prestart.js";

// Checks the marked processes (servers and their children), not every child of the runner.
const guard = useProcessGuard({ childrenWaitMs: false });
// Registered after the check above, so its sessions are closed before the check runs.
const sessions = useFixtureSessions();

/** A fixture server entry whose process (and children) carry this test's marker. */
function marked(name: string, extra: Partial<AgentFileServer> = {}): AgentFileServer {
  const { command, args } = fixtureServer({ name });
  return stdioServer(name, {
    config: { command, args, env: guard.env() },
    ...extra,
  });
}

describe("prestartAgentServers", () => {
  it("starts only the eager, enabled stdio servers", () => {
    const http: AgentFileServer = {
      name: "remote",
      path: ["mcpServers", "remote"],
      config: { url: "http://127.0.0.1:9/mcp" },
      enabled: true,
      autoApprove: [],
    };
    const prestarted = guard.track(
      prestartAgentServers({
        servers: [marked("fx"), marked("later", { lazy: true }), disabledServer("off"), http],
      }),
    );
    expect(prestarted.names).toEqual(["fx"]);
  });

  it("starts only the servers the session starts first: the first maxConcurrentStarts eager ones in file order", () => {
    const http: AgentFileServer = {
      name: "remote",
      path: ["mcpServers", "remote"],
      config: { url: "http://127.0.0.1:9/mcp" },
      enabled: true,
      autoApprove: [],
    };
    const prestarted = guard.track(
      prestartAgentServers(
        {
          servers: [marked("a", { lazy: true }), marked("b"), http, marked("c"), marked("d")],
        },
        { maxConcurrentStarts: 3 },
      ),
    );
    // b, remote (HTTP: nothing to spawn) and c take the 3 places; d waits for the session.
    expect(prestarted.names).toEqual(["b", "c"]);
  });

  it("starts nothing when the session will be lazy", () => {
    const prestarted = guard.track(
      prestartAgentServers({ servers: [marked("fx")] }, { lazy: true }),
    );
    expect(prestarted.names).toEqual([]);
  });

  it("the session opened next adopts the running process instead of spawning another", async () => {
    const servers = [marked("fx")];
    const prestarted = guard.track(prestartAgentServers({ servers }));
    const early = await waitForMarkedPids(guard.marker(), 1);
    const session = await sessions.open(servers, [
      { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "adopted" } }] },
      { text: "done" },
    ]);
    await prestarted.close(); // adopted: the session's now, not the set's to stop
    expect(await waitForMarkedPids(guard.marker(), 1)).toEqual(early);
    const results: unknown[] = [];
    for await (const event of session.agent.run("echo")) {
      if (event.type === "tool-result") results.push(event.result);
    }
    expect(results).toEqual([{ content: [{ type: "text", text: "adopted" }] }]);
    expect(processesWithMarker(guard.marker()).map((p) => p.pid)).toEqual(early);
  });
});
