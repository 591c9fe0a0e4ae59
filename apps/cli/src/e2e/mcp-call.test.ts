import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

const call = (tool: string, args: string) => {
  s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
  return runCli(["mcp", "call", tool, ".mcp.json", "--args", args], { cwd: s.ws.dir });
};

describe("mcp call, for a person", () => {
  it("an unknown tool is a usage error with the close name and where to list them", async () => {
    const r = await call("mcp_fx_ecoh", '{"text": "hi"}');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'no tool named "mcp_fx_ecoh" among the agent\'s tools; did you mean "mcp_fx_echo" or "mcp_fx_env"? (tinyloop mcp tools AGENT lists them, under the names mcp call takes)',
    );
    expect(r.stderr).not.toContain("Available tools");
  });

  it("arguments that break the schema: each problem and an --args that fits, not the model's wording", async () => {
    const r = await call("mcp_fx_add", '{"a": "x"}');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `--args: expected arguments that fit mcp_fx_add's input schema, got {"a":"x"}:\n  b: is required but missing\n  a: must be number, got string\nfor example: --args '{"a": 0, "b": 0}'`,
    );
    expect(r.stderr).not.toContain("call it again");
  });

  it("shows a long-running tool's progress reports on stderr, then its result", async () => {
    const r = await call("mcp_fx_progress", '{"steps": 3}');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("done 3 steps");
    const progress = r.stderr.split("\n").filter((line) => line.startsWith("… mcp_fx_progress"));
    expect(progress).toEqual([
      "… mcp_fx_progress 1/3 step 1 of 3",
      "… mcp_fx_progress 2/3 step 2 of 3",
      "… mcp_fx_progress 3/3 step 3 of 3",
    ]);
  });

  it("tells the server the CLI's own name and version (its package.json's), not a placeholder", async () => {
    const r = await call("mcp_fx_stats", "{}");
    expect(r.exitCode).toBe(0);
    const { version } = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ) as { version: string };
    expect(version).not.toBe("0.0.0");
    expect(JSON.parse(r.stdout).client).toEqual({ name: "tinyloop", version });
  });
});
