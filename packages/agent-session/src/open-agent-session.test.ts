import type { AgentEvent } from "@tinyloop/agent-loop";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { describe, expect, it } from "vitest";
import { disabledServer, stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { noServerConnected } from "./session-status.js";

const sessions = useFixtureSessions();

describe("openAgentSession", () => {
  it("connects the file's servers, runs a turn through them, and asks only for tools not auto-approved", async () => {
    const asked: string[] = [];
    const session = await sessions.open(
      [stdioServer("fx", { autoApprove: ["add"] })],
      [
        {
          toolCalls: [
            { name: "mcp_fx_add", arguments: { a: 2, b: 3 } },
            { name: "mcp_fx_echo", arguments: { text: "hi" } },
          ],
        },
        { text: "2 + 3 = 5" },
      ],
      {
        approve: (call) => {
          asked.push(call.name);
          return { approved: false, reason: "no" };
        },
      },
    );
    expect(session.status()).toEqual({ enabled: 1, connected: 1, failures: [] });
    expect(noServerConnected(session.status())).toBeUndefined();
    const events: AgentEvent[] = [];
    for await (const event of session.agent.run("add 2 and 3")) events.push(event);
    expect(asked).toEqual(["mcp_fx_echo"]);
    const results = events.flatMap((e) => (e.type === "tool-result" ? [e] : []));
    const byName = Object.fromEntries(results.map((r) => [r.call.name, r.result]));
    expect(byName.mcp_fx_add).toMatchObject({ content: [{ type: "text", text: "5" }] });
    expect(byName.mcp_fx_add?.isError).not.toBe(true);
    expect(byName.mcp_fx_echo?.isError).toBe(true);
    const first = sessions.modelServer()?.requests[0]?.body as {
      messages: { role: string; content: unknown }[];
    };
    expect(first.messages[0]).toMatchObject({ role: "system", content: "You add numbers." });
  });

  it("gives the loop's settings as data, the file's autoApprove lists as registered names", async () => {
    const session = await sessions.open(
      [stdioServer("fx", { autoApprove: ["add", "echo"] }), stdioServer("other")],
      [],
      {
        agent: { approval: "always", toolConcurrency: 2, maxTurns: 7 },
        maxTurns: 3,
        toolSearch: "always",
      },
    );
    const settings = session.settings();
    expect(settings).toEqual({
      systemPrompt: "You add numbers.",
      maxTurns: 3,
      toolConcurrency: 2,
      toolSearch: "always",
      approval: { mode: "always", allow: ["mcp_fx_echo", "mcp_fx_add"] },
    });
    // Every allowed name is a tool the agent really has, of the listing server only.
    for (const name of settings.approval.allow) expect(session.registry.has(name)).toBe(true);
    expect(settings.approval.allow.some((name) => name.startsWith("mcp_other_"))).toBe(false);
  });

  it("reports a server that fails to start in status(), with the reason from its stderr, and skips disabled ones", async () => {
    const { command, args } = fixtureServer({
      name: "bad",
      exitOnStart: 1,
    });
    const failed: string[] = [];
    const session = await sessions.open(
      [
        // Fast retries: the default backoff spends about 8 s on a server that never starts.
        {
          ...stdioServer("bad"),
          config: { command, args, env: {}, reconnect: { baseDelayMs: 10, maxDelayMs: 20 } },
        },
        disabledServer("off"),
      ],
      [{ text: "hi" }],
      { progress: { status: () => {}, failed: (server) => failed.push(server) } },
    );
    expect(failed).toEqual(["bad"]);
    expect(session.status()).toEqual({
      enabled: 1,
      connected: 0,
      // The last line the server wrote on stderr, not the generic "exited with code 1".
      failures: ["bad — fixture: exiting on start with code 1"],
    });
    expect(noServerConnected(session.status())).toBe(
      "no server connected (bad — fixture: exiting on start with code 1)",
    );
    expect(session.hub.servers().map((s) => [s.name, s.state])).toEqual([
      ["bad", "failed"],
      ["off", "disabled"],
    ]);
  });

  it("with no server enabled, noServerConnected has nothing to say", async () => {
    const session = await sessions.open([disabledServer("off")], [{ text: "hi" }]);
    expect(session.status()).toMatchObject({ enabled: 0, connected: 0 });
    expect(noServerConnected(session.status())).toBeUndefined();
  });
});
