import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** The model calls `add` (the server crashes on it), then `echo`, then answers. */
const crashThenEcho = [
  { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
  { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "still there" } }] },
  { text: "Done." },
];

/** The fixture server `fx`, crashing (exit 3) when `add` is called. */
function crashingServer(wrap?: (command: string, args: string[]) => [string, string[]]) {
  const fixture = s.ws.fixture(["--name", "fx", "--crash-on", "add"]);
  const [command, args] = wrap
    ? wrap(fixture.command, fixture.args)
    : [fixture.command, fixture.args];
  return { ...fixture, command, args };
}

/** stderr's lines about server fx (the start-up status line aside). */
const fxLines = (stderr: string) => stderr.split("\n").filter((line) => / server fx /.test(line));

describe("a server that drops mid-run, without --verbose", () => {
  it("prints one line when it went down and one when it is back; the answer is untouched", {
    timeout: 120_000,
  }, async () => {
    await s.withModel(crashThenEcho);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: crashingServer() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "add then echo", "--yes", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Done.");
    expect(fxLines(r.stderr)).toEqual([
      '! server fx went down: Server "fx" exited with code 3; reconnecting',
      "✓ server fx is back · 15 tools",
    ]);
    // The second call ran on the restarted server; no line per attempt, none at exit.
    expect(r.stderr).toMatch(/✓ mcp_fx_echo .*still there/);
    expect(r.stderr).not.toMatch(/reconnecting \(/);
  });

  // Two restarts 50 ms apart (the agent file's `reconnect`) instead of the default five from 1 s.
  it("prints the failed line once the restarts are given up", { timeout: 120_000 }, async () => {
    await s.withModel(crashThenEcho);
    const gone = s.ws.path("gone");
    // Once `gone` exists every restart exits at once (code 7).
    const fx = crashingServer((command, args) => [
      "sh",
      ["-c", `test -e '${gone}' && exit 7; touch '${gone}'; exec "$0" "$@"`, command, ...args],
    ]);
    const reconnect = { sessionRetries: 2, baseDelay: 0.05 };
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: { ...fx, reconnect } } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "add then echo", "--yes", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(0);
    const lines = fxLines(r.stderr);
    expect(lines[0]).toMatch(/^! server fx went down: /);
    expect(lines[1]).toMatch(/^✗ server fx failed: gave up reconnecting: .*code 7/);
    expect(lines.filter((line) => line.includes("went down"))).toHaveLength(1);
    expect(lines.some((line) => line.includes("is back"))).toBe(false);
  });

  it("a server back whose tools cannot be listed again: the back line says so and keeps its tools", {
    timeout: 120_000,
  }, async () => {
    await s.withModel(crashThenEcho);
    const started = s.ws.path("started");
    // The first start lists its tools; the restart answers tools/list with an error.
    const fx = crashingServer((command, args) => [
      "sh",
      [
        "-c",
        `if [ -e '${started}' ]; then exec "$0" "$@" --fail-tools-list; fi; touch '${started}'; exec "$0" "$@"`,
        command,
        ...args,
      ],
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "add then echo", "--yes", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Done.");
    const lines = fxLines(r.stderr);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^! server fx went down: /);
    expect(lines[1]).toMatch(
      /^! server fx is back, but its tools could not be listed again: .*tools\/list fails on purpose; its 15 tools from before stay$/,
    );
    expect(r.stderr).toMatch(/✓ mcp_fx_echo .*still there/);
  });

  it("with reconnect: false, prints one failed line that says why it is not restarted", {
    timeout: 120_000,
  }, async () => {
    const model = await s.withModel(crashThenEcho);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fx: { ...crashingServer(), reconnect: false } } }),
    });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "add then echo", "--yes", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Done.");
    expect(fxLines(r.stderr)).toEqual([
      '✗ server fx failed: Server "fx" exited with code 3; not reconnecting: reconnects are off (reconnect.sessionRetries is 0).',
    ]);
    // The model is told the server is gone for the session, not to call again later.
    const lastRequest = JSON.stringify(model.requests.at(-1)?.body);
    expect(lastRequest).toContain(
      'MCP server \\"fx\\" is down (failed) and is not restarted in this session',
    );
  });

  it("--json: stdout stays NDJSON, the drop and the return are server events", {
    timeout: 120_000,
  }, async () => {
    await s.withModel(crashThenEcho);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: crashingServer() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "add then echo", "--yes", "--json", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; state?: string });
    const servers = events.filter((event) => event.type === "server");
    expect(servers).toEqual([
      { type: "server", server: "fx", state: "ready", tools: 15, sandbox: false },
      {
        type: "server",
        server: "fx",
        state: "reconnecting",
        reason: expect.stringContaining("exit"),
      },
      { type: "server", server: "fx", state: "ready", tools: 15 },
    ]);
    expect(r.stderr).not.toMatch(/went down|is back/);
  });
});
