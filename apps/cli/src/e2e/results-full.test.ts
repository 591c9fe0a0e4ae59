import { describe, expect, it } from "vitest";
import { DURATION, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const MULTI_LINE = "first line\nsecond line\u001b[2Jcleared?";

describe("--results full and --verbose's tool list (one-shot)", () => {
  it("shows each tool result whole with --results full, control characters made visible; one line by default", async () => {
    const script = [
      { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: MULTI_LINE } }] },
      { text: "done" },
    ];
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
    await s.withModel([...script, ...script]);
    const full = await runCli(
      ["run", ".mcp.json", "-p", "echo", "--results", "full", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(full.exitCode).toBe(0);
    expect(full.stderr).toMatch(
      new RegExp(
        `✓ mcp_fx_echo ${DURATION}\\nfirst line\\nsecond line\\\\x1b\\[2Jcleared\\?(?:\\n|$)`,
      ),
    );
    expect(full.stderr).not.toContain("\u001b[2J");

    const short = await runCli(["run", ".mcp.json", "-p", "echo", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(short.stderr).toMatch(
      new RegExp(
        `✓ mcp_fx_echo ${DURATION} · first line second line\\\\x1b\\[2Jcleared\\?(?:\\n|$)`,
      ),
    );
  });

  it("refuses another --results value, naming the choices", async () => {
    const r = await runCli(["run", "-p", "x", "--results", "long"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /--results <mode>' argument 'long' is invalid\. Allowed choices are short, full/,
    );
  });

  it("--verbose lists the tools offered to the model at start", async () => {
    await s.withModel([{ text: "hi" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--verbose", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^tools \(\d+\): .*mcp_fx_echo, .*mcp_fx_sleep/m);
  });
});
