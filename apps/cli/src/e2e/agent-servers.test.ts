import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// `{ "agent": "./researcher" }` server entries: the built CLI runs the child agent as
// `tinyloop mcp serve`, both agents on the scripted model, the child over a real fixture server.

const s = useE2eSession();

describe("agents as servers", () => {
  it("the parent's tool call runs the child agent, which calls its own server, and the answer flows back", async () => {
    const model = await s.withModel([
      { toolCalls: [{ name: "mcp_researcher_ask_researcher", arguments: { task: "ping it" } }] },
      { toolCalls: [{ name: "mcp_fixtures_echo", arguments: { text: "ping" } }] },
      { text: "Child says ping." },
      { text: "" },
      { text: "Parent heard: Child says ping." },
    ]);
    s.ws.write({
      "researcher/agent.json": json({
        model: "scripted",
        endpointUrl: model.baseURL,
        servers: [{ type: "stdio", ...s.ws.fixture() }],
      }),
      "mcp.json": json({ mcpServers: { researcher: { agent: "./researcher" } } }),
    });
    const r = await runCli(
      ["run", "mcp.json", "-p", "ask the researcher", "--yes", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.stderr).toContain("connected 1/1 servers");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Parent heard: Child says ping.");
    // The child's model read the fixture's real answer; the parent's read the child's.
    const bodies = model.requests.map(
      (request) => request.body as { messages: Array<{ role: string; content: unknown }> },
    );
    expect(bodies[2]?.messages.at(-1)).toMatchObject({ role: "tool", content: "ping" });
    expect(JSON.stringify(bodies[4]?.messages.at(-1))).toContain("Child says ping.");
  });

  it("a cycle is refused at config check with the chain shown, exit 2, nothing spawned", async () => {
    s.ws.write({
      "a/agent.json": json({ servers: [{ agent: "../b" }] }),
      "b/agent.json": json({ servers: [{ agent: "../a" }, { type: "stdio", ...s.ws.fixture() }] }),
    });
    const r = await runCli(["config", "check", "a"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    const a = s.ws.path("a/agent.json");
    const b = s.ws.path("b/agent.json");
    expect(r.stderr).toContain(`agents used as servers form a cycle: ${a} → ${b} → ${a}`);
  });

  it("a missing agent folder is refused before anything starts, exit 2", async () => {
    s.ws.write({
      "mcp.json": json({
        mcpServers: { gone: { agent: "./missing" }, fixture: s.ws.fixture() },
      }),
    });
    const r = await runCli(
      [
        "run",
        "mcp.json",
        "-p",
        "hi",
        ...["--endpoint-url", "http://127.0.0.1:9/v1", "--model", "m"],
      ],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/the agent server "gone" cannot be read \(.*missing\)/);
  });
});
