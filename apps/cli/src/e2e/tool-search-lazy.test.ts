import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

type Body = {
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content?: unknown }>;
};
const offered = (index: number) =>
  ((s.model?.requests[index]?.body ?? { messages: [] }) as Body).tools?.map(
    (tool) => tool.function.name,
  ) ?? [];

describe("tool search and lazy servers (built CLI)", () => {
  it("--tool-search always: the model finds the fixture's add with tool_search, then calls it", async () => {
    await s.withModel([
      { toolCalls: [{ name: "tool_search", arguments: { query: "add two numbers" } }] },
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 2, b: 3 } }] },
      { text: "The sum is 5." },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "2+3?", "--yes", "--tool-search", "always", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("The sum is 5.");
    expect(offered(0)).toContain("tool_search");
    expect(offered(0).filter((name) => name.startsWith("mcp_fixture_"))).toEqual([]);
    expect(offered(1)).toContain("mcp_fixture_add");
    const last = ((s.model?.requests[2]?.body ?? { messages: [] }) as Body).messages;
    expect(JSON.stringify(last.filter((m) => m.role === "tool"))).toMatch(
      /Loaded \d+ tools?.*mcp_fixture_add.*"content":"5"/,
    );
  });

  it("the REPL's /servers shows an idle lazy server's phase and /tools marks tools kept back", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const env = { TINYLOOP_CACHE_DIR: s.ws.path("cache") };
    expect(
      (await runCli(["mcp", "tools", ".mcp.json", "--lazy"], { cwd: s.ws.dir, env })).exitCode,
    ).toBe(0);
    await s.withModel([]);
    const r = await runCli(
      ["run", ".mcp.json", "--lazy", "--tool-search", "always", ...s.modelFlags()],
      { cwd: s.ws.dir, env, input: "/servers\n/tools\n" },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^fixture {2}idle {2}manifest-known · lazy {2}15 tools$/m);
    expect(r.stdout).toMatch(/^ {2}mcp_fixture_add( \[read-only\])? \[via tool_search\] /m);
    expect(r.stdout).toMatch(/^ {2}task_complete \[read-only\] /m);
    expect(s.model?.requests).toHaveLength(0);
  });

  it("--tool-search auto with 600 large tools: no too-many-tools warning, as they are not sent", async () => {
    await s.withModel([{ text: "fine" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { many: s.ws.fixture(["--tools", "600"]) } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--tool-search", "auto", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    const body = s.model?.requests[0]?.body as
      | { tools?: Array<{ function: { name: string } }> }
      | undefined;
    const sent = body?.tools;
    expect(sent?.length).toBeLessThan(10);
    expect(sent?.map((tool) => tool.function.name)).toContain("tool_search");
    expect(r.stderr).not.toContain("will be sent to the model");
  });

  it("rejects an unknown --tool-search mode with the choices", async () => {
    const r = await runCli(["run", "--tool-search", "sometimes", "-p", "x"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/sometimes.*auto, always, never/s);
  });

  it("--lazy: the first run caches the manifest, later runs show the server idle and start it once on first use", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const env = { TINYLOOP_CACHE_DIR: s.ws.path("cache") };
    const first = await runCli(["mcp", "tools", ".mcp.json", "--lazy"], { cwd: s.ws.dir, env });
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/^fixture {2}ready {2}started · lazy {2}\d+ tools/m);

    const second = await runCli(["mcp", "tools", ".mcp.json", "--lazy"], { cwd: s.ws.dir, env });
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(/^fixture {2}idle {2}manifest-known · lazy {2}\d+ tools/m);
    expect(second.stdout).toContain("mcp_fixture_stats");

    // Two calls of one turn are the server's first calls: one process answers both.
    await s.withModel([
      {
        toolCalls: [
          { name: "mcp_fixture_stats", arguments: {} },
          { name: "mcp_fixture_stats", arguments: {} },
        ],
      },
      { text: "Done." },
    ]);
    const run = await runCli(
      ["run", ".mcp.json", "-p", "stats", "--yes", "--lazy", "--json", ...s.modelFlags()],
      { cwd: s.ws.dir, env },
    );
    expect(run.exitCode).toBe(0);
    const events = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events).toContainEqual(
      expect.objectContaining({ type: "server", server: "fixture", state: "idle" }),
    );
    const pids = events
      .filter((event) => event.type === "tool-result")
      .map((event) => JSON.parse(event.result.content[0].text).pid);
    expect(pids).toHaveLength(2);
    expect(pids[0]).toBe(pids[1]);
  });
});
