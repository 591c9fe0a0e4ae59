import { createRequire } from "node:module";
import { itNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { describe, expect, it } from "vitest";
import { cliBin, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { tmuxPane } from "../__fixtures__/tmux-pane.js";

const s = useE2eSession();
const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

/** server-everything lists its sampling and elicitation tools only to clients that offer those. */
function writeAgent() {
  s.ws.write({
    ".mcp.json": json({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [everythingPath, "stdio"],
          env: s.ws.markerEnv,
        },
      },
    }),
  });
}

const toolNames = (text: string) => [...text.matchAll(/^ {2}(mcp_\S+)/gm)].map((m) => m[1]).sort();

describe("mcp tools and the REPL's /tools", () => {
  it("list the same tools, the sampling and elicitation ones included, in the same lines", async () => {
    writeAgent();
    const listed = await runCli(["mcp", "tools", ".mcp.json"], { cwd: s.ws.dir });
    expect(listed.exitCode, listed.stderr).toBe(0);
    await s.withModel([]);
    const repl = await runCli(["run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "/tools\n",
    });
    expect(repl.exitCode, repl.stderr).toBe(0);
    expect(toolNames(listed.stdout)).toContain("mcp_everything_trigger-sampling-request");
    expect(toolNames(listed.stdout)).toContain("mcp_everything_trigger-elicitation-request");
    expect(toolNames(repl.stdout)).toEqual(toolNames(listed.stdout));
    // One line per tool, the same in both.
    const echoLine = (text: string) =>
      text.split("\n").find((l) => l.startsWith("  mcp_everything_echo "));
    expect(echoLine(listed.stdout)).toBe(
      "  mcp_everything_echo [read-only]  Echoes back the input string",
    );
    expect(echoLine(repl.stdout)).toBe(echoLine(listed.stdout));
  });

  it("mcp call of a tool that samples says, for a person, that it needs the agent's model", async () => {
    writeAgent();
    const r = await runCli(
      [
        "mcp",
        "call",
        "mcp_everything_trigger-sampling-request",
        ".mcp.json",
        "--args",
        '{"prompt":"hi"}',
      ],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      "sampling needs the agent's model, and tinyloop mcp call starts none; let the agent call this tool: tinyloop run AGENT",
    );
  });

  itNeeding(TMUX)("fit a 60-column terminal: descriptions are cut, names kept whole", async () => {
    writeAgent();
    await s.withModel([]);
    const session = `tinyloop-tools-${process.pid}-${Date.now()}`;
    const pane = tmuxPane(() => session, { scrollback: true });
    try {
      const command = [process.execPath, cliBin, "run", ".mcp.json", ...s.modelFlags()]
        .map((a) => `'${a}'`)
        .join(" ");
      const mcpTools = [process.execPath, cliBin, "mcp", "tools", ".mcp.json"]
        .map((a) => `'${a}'`)
        .join(" ");
      pane.tmux(
        "new-session",
        "-d",
        "-x",
        "60",
        "-y",
        "50",
        "-s",
        session,
        "-c",
        s.ws.dir,
        `NO_COLOR=1 ${mcpTools}; echo MCP-TOOLS-DONE; NO_COLOR=1 ${command}; sleep 60`,
      );
      await pane.waitFor((t) => /^›/m.test(t) && t.includes("MCP-TOOLS-DONE"), "the prompt");
      pane.keys("/tools", "Enter");
      const shown = await pane.waitFor(
        (t) => t.split("\n").filter((l) => l.startsWith("  mcp_everything_echo")).length === 2,
        "/tools",
      );
      const toolLines = shown.split("\n").filter((l) => l.startsWith("  mcp_everything_"));
      expect(toolLines.length).toBeGreaterThan(30);
      for (const line of toolLines) expect(line.length, line).toBeLessThanOrEqual(60);
      expect(toolLines.some((l) => l.startsWith("  mcp_everything_trigger-sampling-request"))).toBe(
        true,
      );
      expect(
        toolLines.some((l) => /^ {2}mcp_everything_echo \[read-only\] {2}Echoes back.*…$/.test(l)),
      ).toBe(true);
    } finally {
      pane.kill();
    }
  });
});
