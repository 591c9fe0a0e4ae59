import { hostileServer } from "@tinyloop/test-fixtures/hostile-server";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** The bidirectional controls a terminal would obey by reordering what it shows. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("bidirectional controls from servers and models are shown, never obeyed", () => {
  it("run --results full: a tool's output and the model's answer show U+202E as \\u202e", async () => {
    s.ws.write({
      ".mcp.json": json({ mcpServers: { h: { ...hostileServer({}), env: s.ws.markerEnv } } }),
    });
    // The server's echo tool sends back what it was given: the Trojan Source file name.
    await s.withModel([
      {
        toolCalls: [{ id: "c1", name: "mcp_h_echo", arguments: { text: "invoice\u202Efdp.exe" } }],
      },
      { text: "saved as report\u2067x\u2069 and \u200Fdone" },
    ]);
    const r = await runCli(
      ["run", ".mcp.json", "-p", "go", "--yes", "--results", "full", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(String.raw`invoice\u202efdp.exe`);
    expect(r.stdout).toContain(String.raw`saved as report\u2067x\u2069 and \u200fdone`);
    expect(r.stdout).not.toMatch(BIDI);
    expect(r.stderr).not.toMatch(BIDI);
  });
});
