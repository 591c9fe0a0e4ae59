import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A model that narrates once between two tool turns, answers, then has nothing to add. */
const narrating = (server: string) => [
  { toolCalls: [{ name: `mcp_${server}_echo`, arguments: { text: "one" } }] },
  { text: "Now the second echo." },
  { toolCalls: [{ name: `mcp_${server}_echo`, arguments: { text: "two" } }] },
  { text: "Both echoes are done." },
  { text: "" },
];

type Sent = { messages: Array<{ role: string; content: unknown }> };

describe("--end-when, the agent file's endWhen, and the system prompt", () => {
  it("a tiny-agents agent.json goes on after the model narrates, as Tiny Agents does", async () => {
    await s.withModel(narrating("fixtures"));
    s.ws.write({ "agent/agent.json": json({ servers: [{ type: "stdio", ...s.ws.fixture() }] }) });
    const r = await runCli(["run", "agent", "-p", "echo twice", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("Now the second echo.");
    expect(r.stdout).toMatch(/Both echoes are done\.$/);
    expect(r.stderr).toMatch(/✓ mcp_fixtures_echo .* · one/);
    expect(r.stderr).toMatch(/✓ mcp_fixtures_echo .* · two/);
    expect(s.model?.requests).toHaveLength(5);
    // The extra turn: the narration, then one user message asking to go on or finish.
    const third = s.model?.requests[2]?.body as Sent;
    expect(third.messages.slice(-2)).toEqual([
      { role: "assistant", content: "Now the second echo." },
      {
        role: "user",
        content:
          "If the task needs more steps, take them now. If it is complete, call task_complete.",
      },
    ]);
    // No prompt file: the default system prompt, naming the exit tools.
    const first = s.model?.requests[0]?.body as Sent;
    expect(first.messages[0]?.role).toBe("system");
    expect(first.messages[0]?.content).toMatch(/task_complete/);
  });

  it("--end-when text stops that agent at the narration", async () => {
    await s.withModel(narrating("fixtures"));
    s.ws.write({ "agent/agent.json": json({ servers: [{ type: "stdio", ...s.ws.fixture() }] }) });
    const r = await runCli(
      ["run", "agent", "-p", "echo twice", "--end-when", "text", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Now the second echo.");
    expect(r.stderr).not.toContain("· two");
    expect(s.model?.requests).toHaveLength(2);
  });

  it("an mcpServers file keeps the first answer", async () => {
    await s.withModel(narrating("fixture"));
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "echo twice", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Now the second echo.");
    expect(s.model?.requests).toHaveLength(2);
  });

  it("--end-when two-texts gives an mcpServers file Tiny Agents' end", async () => {
    await s.withModel(narrating("fixture"));
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "echo twice", "--end-when", "two-texts", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/Both echoes are done\.$/);
    expect(s.model?.requests).toHaveLength(5);
  });

  it("an empty PROMPT.md sends no system prompt at all", async () => {
    await s.withModel([{ text: "Hi." }]);
    s.ws.write({
      "agent/agent.json": json({ servers: [{ type: "stdio", ...s.ws.fixture() }] }),
      "agent/PROMPT.md": "",
    });
    const r = await runCli(["run", "agent", "-p", "hello", ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    const first = s.model?.requests[0]?.body as Sent;
    expect(first.messages).toEqual([{ role: "user", content: "hello" }]);
  });

  it("refuses an --end-when it does not know, naming the choices", async () => {
    const r = await runCli(["run", "-p", "hi", "--end-when", "twice"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--end-when");
    expect(r.stderr).toContain("twice");
    expect(r.stderr).toContain("text, two-texts");
  });
});
