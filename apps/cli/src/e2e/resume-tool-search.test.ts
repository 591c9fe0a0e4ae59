import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

type Body = { tools?: Array<{ function: { name: string } }> };
/** The tool names the model server was offered in request `index`. */
const offered = (index: number) =>
  ((s.model?.requests[index]?.body ?? {}) as Body).tools?.map((tool) => tool.function.name) ?? [];

/** Every tool kept back, the conversations saved in the workspace. */
const run = (args: string[], input?: string) =>
  runCli(["run", ".mcp.json", "--yes", "--tool-search", "always", ...s.modelFlags(), ...args], {
    cwd: s.ws.dir,
    env: { XDG_STATE_HOME: s.ws.path("state") },
    ...(input === undefined ? {} : { input }),
  });

describe("a resumed conversation gets back the tools tool_search loaded (built CLI, restarted)", () => {
  it("--continue -p and the REPL's --resume offer them in the first request; a tool gone from the agent file is not", async () => {
    await s.withModel([
      { toolCalls: [{ name: "tool_search", arguments: { query: "mcp_fixture_add", limit: 1 } }] },
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 2, b: 3 } }] },
      { text: "The sum is 5." },
      { text: "Still 5." },
      { text: "Yes, 5." },
      { text: "Without add now." },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const first = await run(["-p", "2+3?"]);
    expect(first.exitCode).toBe(0);
    expect(offered(0)).not.toContain("mcp_fixture_add");
    expect(offered(1)).toContain("mcp_fixture_add");

    // A new process: the history's tool_search answer loads mcp_fixture_add again.
    const again = await run(["-c", "-p", "and now?", "--verbose"]);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("Still 5.");
    expect(s.model?.requests).toHaveLength(4);
    expect(offered(3)).toContain("mcp_fixture_add");
    expect(offered(3)).toContain("tool_search");
    expect(offered(3)).not.toContain("mcp_fixture_echo"); // never searched for
    expect(again.stderr).toMatch(
      /resumed conversation (\S+) \(6 messages, started with "2\+3\?"; 1 tool from tool_search loaded again\)/,
    );
    expect(again.stderr).toMatch(
      /^tools \(\d+\) \(\+\d+ via tool_search\): .*\bmcp_fixture_add\b/m,
    );
    const id = /resumed conversation (\S+) /.exec(again.stderr)?.[1] ?? "";

    // The REPL (stdin a pipe) resuming by id: the same.
    const repl = await run(["--resume", id], "right?\n");
    expect(repl.exitCode).toBe(0);
    expect(repl.stdout).toContain("Yes, 5.");
    expect(offered(4)).toContain("mcp_fixture_add");

    // The agent file changed: add is filtered out, so it is gone and not loaded (nor reported).
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { fixture: { ...s.ws.fixture(), tools: { exclude: ["add"] } } },
      }),
    });
    const changed = await run(["-c", "-p", "and without add?"]);
    expect(changed.exitCode).toBe(0);
    expect(changed.stdout).toContain("Without add now.");
    expect(offered(5)).not.toContain("mcp_fixture_add");
    expect(offered(5)).toContain("tool_search");
    expect(changed.stderr).toMatch(
      /resumed conversation \S+ \(10 messages, started with "2\+3\?"\)/,
    );
  });
});
