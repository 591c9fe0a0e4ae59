import { HOSTILE_ESCAPES, hostileServer } from "@tinyloop/test-fixtures/hostile-server";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** Control bytes a terminal acts on: C0 but newline and tab, DEL, C1. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** How `HOSTILE_ESCAPES` reads once made visible. */
const VISIBLE = String.raw`\x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[31m\x9b1A`;

/** A hostile server entry carrying the test's process marker. */
function hostile(flags: { escapes?: boolean; failStart?: boolean }) {
  return { ...hostileServer(flags), env: s.ws.markerEnv };
}

function expectNoControl(r: { stdout: string; stderr: string }) {
  expect(r.stdout).not.toMatch(CONTROL);
  expect(r.stderr).not.toMatch(CONTROL);
}

describe("terminal escapes from servers and models are shown, never obeyed", () => {
  it("mcp tools: a tool's name and description show their escapes as \\x1b…", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { h: hostile({ escapes: true }) } }) });
    const r = await runCli(["mcp", "tools", ".mcp.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`Says hi${VISIBLE} with escapes`);
    expect(r.stdout).toContain(`(server name: escapes${VISIBLE})`);
    expectNoControl(r);
  });

  it("run: the ✓ result line, --verbose log lines and the model's answer show escapes visibly", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { h: hostile({ escapes: true }) } }) });
    const listed = await runCli(["mcp", "tools", ".mcp.json", "--json"], { cwd: s.ws.dir });
    const tools = (JSON.parse(listed.stdout) as Array<{ tools: Array<{ name: string }> }>)[0]
      ?.tools;
    const name = tools?.find((tool) => tool.name.startsWith("mcp_h_escapes"))?.name ?? "";
    expect(name).not.toBe("");
    // One tool call and one answer per run: without and with --verbose.
    const turns = [
      { toolCalls: [{ id: "c1", name, arguments: { text: "x" } }] },
      { text: `answer${HOSTILE_ESCAPES} done` },
    ];
    await s.withModel([...turns, ...turns]);
    for (const verbose of [[], ["--verbose"]]) {
      const r = await runCli(
        ["run", ".mcp.json", "-p", "go", "--yes", ...verbose, ...s.modelFlags()],
        {
          cwd: s.ws.dir,
        },
      );
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toMatch(
        new RegExp(`✓ ${name} .* · result${VISIBLE.replace(/[\\[\]^$.*+?()]/g, "\\$&")} end`),
      );
      expect(r.stdout).toContain(`answer${VISIBLE} done`);
      if (verbose.length > 0) {
        expect(r.stderr).toContain(`log${VISIBLE}: logged${VISIBLE}`);
        expect(r.stderr).toContain(`server h stderr: hostile: stderr${VISIBLE}`);
      }
      expectNoControl(r);
    }
  });

  it("our own colours still work around a server's neutralised escapes", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { h: hostile({ escapes: true }) } }) });
    const r = await runCli(["mcp", "tools", ".mcp.json"], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "", FORCE_COLOR: "1" },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("\u001b[32mready\u001b[39m");
    // Only our SGR colour codes are escapes; everything the server sent is visible text.
    expect(r.stdout.replace(/\u001b\[\d+m/g, "")).not.toMatch(CONTROL);
    expect(r.stdout).toContain(VISIBLE);
  });

  it("a server that fails at start: its stderr tail shows the escapes visibly", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { h: hostile({ failStart: true }) } }) });
    for (const args of [
      ["mcp", "tools", ".mcp.json"],
      ["run", ".mcp.json", "-p", "hi", "--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode, args.join(" ")).toBe(1);
      expect(r.stderr).toContain(`h stderr: hostile: failing at start${VISIBLE} now`);
      expectNoControl(r);
    }
  });
});
