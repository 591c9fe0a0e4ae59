import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { useE2eSession } from "../__fixtures__/e2e-session.js";

// `mcp tools` lists what `run` offers the model, also for a server whose tools depend on what
// the client declares: server-everything lists get-roots-list only to a client with roots,
// trigger-sampling-request only with sampling, trigger-elicitation-request only with forms.
// The built CLI, server-everything and the filesystem server as processes, the scripted model.

const s = useE2eSession();
const everything = `${process.execPath} ${createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
)} stdio`;

describe("mcp tools lists what run offers", () => {
  it("the default agent plus server-everything: the same everything tools, roots-dependent ones included", async () => {
    // Only node on PATH: the default agent is the filesystem server, no Playwright.
    const env = { PATH: s.nodeOnlyPath() };
    const listed = await runCli(["mcp", "tools", "--server", everything, "--json"], {
      cwd: s.ws.dir,
      env,
    });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const servers = JSON.parse(listed.stdout) as { name: string; tools: { name: string }[] }[];
    const fromMcpTools = servers
      .flatMap((server) => server.tools.map((tool) => tool.name))
      .filter((name) => name.startsWith("mcp_everything"));

    await s.withModel([{ text: "done" }]);
    const run = await runCli(["run", "--server", everything, "-p", "hi", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const body = s.model?.requests[0]?.body as { tools: { function: { name: string } }[] };
    const offered = body.tools
      .map((tool) => tool.function.name)
      .filter((name) => name.startsWith("mcp_everything"));

    expect(fromMcpTools).toContain("mcp_everything_get-roots-list");
    expect(fromMcpTools).toContain("mcp_everything_trigger-sampling-request");
    expect(fromMcpTools).toContain("mcp_everything_trigger-elicitation-request");
    expect([...fromMcpTools].sort()).toEqual([...offered].sort());
  });
});
