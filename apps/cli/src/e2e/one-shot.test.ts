// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, DURATION, runCli, stderrShows } from "../__fixtures__/cli-harness.js";
import { echoThenAnswer, json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("exit codes", () => {
  it("exits 1 on a model error, with one readable line", async () => {
    await s.withModel([{ status: 401, message: "bad key" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: .+/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("--model-idle-timeout ends a run whose model stream stalls, as a timeout", async () => {
    await s.withModel([{ text: "half an answer", hang: true }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--model-idle-timeout", "1", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: .*stopped sending: nothing arrived for 1000 ms/m);
  });

  it("--model-idle-timeout also covers a model that accepts the request and never answers", async () => {
    await s.withModel([{ neverAnswer: true }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--model-idle-timeout", "1", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^error: .*accepted the request but sent no response for 1000 ms, .*allow longer pauses \(--model-idle-timeout\)\.$/m,
    );
    expect((await s.model?.waitForRequestEnd(0))?.clientClosed).toBe(true);
  });

  it("--model-turn-timeout ends a turn kept open by keep-alive comments alone", async () => {
    await s.withModel([{ keepAliveOnlyMs: 100 }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--model-turn-timeout", "2", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^error: .*did not complete its response within the turn limit of 2000 ms .*allow longer turns \(--model-turn-timeout\)\.$/m,
    );
    expect((await s.model?.waitForRequestEnd(0))?.clientClosed).toBe(true);
  });

  it("warns when more than 500 tools would be offered to the model, pointing at filters", async () => {
    await s.withModel([{ text: "fine" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { many: s.ws.fixture(["--tools", "600"]) } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--tool-search", "never", ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(
      /^warning: 61\d tools \(\d\.\d MB of definitions\) will be sent to the model/m,
    );
    expect(r.stderr).toContain('"tools": { "include"');
  });

  it("--json: a config error is an NDJSON error event on stdout too, with exit 2", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { broken: { command: 5 } } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--json", "--model", "m"], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(2);
    const stderrLine = /^tinyloop: (.+)$/m.exec(r.stderr)?.[1];
    expect(stderrLine).toContain("command");
    const events = r.stdout.split("\n").map((line) => JSON.parse(line));
    expect(events).toEqual([
      {
        type: "error",
        exitCode: 2,
        error: expect.objectContaining({ name: "AgentFileError", message: expect.any(String) }),
      },
    ]);
    expect(r.stderr).toContain(events[0].error.message.split("\n")[0]);
  });

  it("exits 3 when the turns run out", async () => {
    await s.withModel([{ toolCalls: [{ name: "mcp_fixture_echo", arguments: { text: "a" } }] }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--max-turns", "1", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("raise --max-turns");
  });

  it("exits 130 on Ctrl+C during a slow tool and leaves no server behind", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixture_sleep", arguments: { ms: 20000 } }] },
      { text: "never" },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const child = execa(
      process.execPath,
      [cliBin, "run", ".mcp.json", "-p", "sleep", "--yes", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
        env: { NO_COLOR: "1" },
        reject: false,
        stdin: "ignore",
      },
    );
    await stderrShows(child, "→ mcp_fixture_sleep");
    child.kill("SIGINT");
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain("interrupted");
  });

  it("exits 130 on Ctrl+C while servers are still connecting, closing them", async () => {
    s.ws.write({
      ".mcp.json": json({ mcpServers: { slow: s.ws.fixture(["--start-delay-ms", "60000"]) } }),
    });
    await s.withModel([{ text: "x" }]);
    const child = execa(
      process.execPath,
      [cliBin, "run", ".mcp.json", "-p", "hi", ...s.modelFlags()],
      {
        cwd: s.ws.dir,
        env: { NO_COLOR: "1" },
        reject: false,
        stdin: "ignore",
      },
    );
    await stderrShows(child, "model: ");
    // Ctrl+C once the slow server's process exists (it answers nothing for 60 s).
    const end = Date.now() + 60_000;
    while (processesWithMarker(s.ws.marker).length === 0) {
      if (Date.now() > end) throw new Error("the slow server never started");
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill("SIGINT");
    const r = await child;
    expect(r.exitCode).toBe(130);
  });

  it.each(["SIGTERM", "SIGHUP"] as const)(
    "%s during a slow tool aborts the run (no further model request), then closes the servers",
    async (signal) => {
      const model = await s.withModel([
        { toolCalls: [{ name: "mcp_fixture_sleep", arguments: { ms: 20000 } }] },
        { text: "must never be asked for" },
      ]);
      // "stubborn" ignores stdin EOF and SIGTERM, so closing takes until its SIGKILL: time
      // enough for a run that was not aborted to ask the model again once "fixture" is gone.
      const stubborn = s.ws.fixture(["--linger", "--ignore-sigterm"]);
      s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture(), stubborn } }) });
      const child = execa(
        process.execPath,
        [cliBin, "run", ".mcp.json", "-p", "sleep", "--yes", ...s.modelFlags()],
        { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
      );
      await stderrShows(child, "→ mcp_fixture_sleep");
      child.kill(signal);
      const r = await child;
      expect(r.exitCode).toBe(143);
      // The scripted model server's request log: only the first turn was ever requested.
      expect(model.requests.map((request) => request.turn)).toEqual([0]);
    },
  );

  it("SIGKILL of the CLI: the watchdog takes down servers that ignore the end of stdin", async () => {
    const stubborn = s.ws.fixture(["--linger", "--ignore-sigterm", "--spawn-child"]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { stubborn } }) });
    await s.withModel([{ text: "x" }]);
    const child = execa(process.execPath, [cliBin, "run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1" },
      reject: false,
      stdin: "pipe",
    });
    await stderrShows(child, "connected 1/1");
    expect(processesWithMarker(s.ws.marker).length).toBeGreaterThanOrEqual(2);
    child.kill("SIGKILL");
    await child;
    // useE2eSession's after-test check: no marked process (server or its child) is left.
  });

  it("exits 143 on SIGTERM in the REPL and closes the servers", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    await s.withModel([{ text: "x" }]);
    const child = execa(process.execPath, [cliBin, "run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1" },
      reject: false,
      stdin: "pipe",
    });
    await stderrShows(child, "connected 1/1");
    child.kill("SIGTERM");
    const r = await child;
    expect(r.exitCode).toBe(143);
  });
});

describe("--json and approval", () => {
  it("prints one JSON event per line, session and servers first, done last", async () => {
    await s.withModel(echoThenAnswer());
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--json", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    const events = r.stdout.split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(events[0]).toMatchObject({
      type: "session",
      provider: "openai-compatible",
      model: "scripted",
      replay: false,
    });
    // An unconfined stdio server says so: `sandbox: false` (a sandboxed one gives its policy).
    expect(events[1]).toEqual({
      type: "server",
      server: "fixture",
      state: "ready",
      tools: 15,
      sandbox: false,
    });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["turn-start", "tool-call", "tool-result", "text-delta", "turn-end"]),
    );
    expect(events.at(-1)).toMatchObject({
      type: "done",
      reason: "completed",
      text: "The fixture said ping.",
    });
  });

  it("denies a tool that is not read-only without a terminal, saying how to allow it", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
      { text: "denied" },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "add", ...s.modelFlags()], { cwd: s.ws.dir });
    // Exit 4: the run ended, but did less than asked.
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(
      "1 tool call was denied: nobody could approve them here; exit 4. Allow them with --allow-tool NAME (repeatable, * globs) or --yes",
    );
    // The whole reason, with the fix, on the tool line and in the model's tool message.
    const reason = `not run: mcp_fixture_add needs approval and nobody can answer here; run with --yes, or set "approval": "never" in the agent file`;
    expect(r.stderr).toMatch(new RegExp(`✗ denied mcp_fixture_add ${DURATION} · (.*)$`, "m"));
    expect(
      r.stderr
        .split("\n")
        .find((l) => l.startsWith("✗ denied"))
        ?.split(" · ")[1],
    ).toBe(reason);
    const second = s.model?.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    // The adapter marks error results "Error: "; the hook's reason follows unprefixed.
    expect(second.messages.find((m) => m.role === "tool")?.content).toBe(`Error: ${reason}`);
  });

  it("runs the tools --allow-tool names (globs too) and still denies the others", async () => {
    const bothCalls = {
      toolCalls: [
        { name: "mcp_fixture_add", arguments: { a: 1, b: 2 } },
        { name: "mcp_fixture_sleep", arguments: { ms: 1 } },
      ],
    };
    // Two runs, one script: each run makes both calls, then answers.
    await s.withModel([bothCalls, { text: "done" }, bothCalls, { text: "done" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const allowed = ["run", ".mcp.json", "-p", "add", "--allow-tool", "mcp_fixture_ad*"];
    const r = await runCli([...allowed, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixture_add ${DURATION} · 3`));
    expect(r.stderr).toMatch(new RegExp(`✗ denied mcp_fixture_sleep ${DURATION}`));
    expect(r.exitCode).toBe(4);
    const both = [...allowed, "--allow-tool", "mcp_fixture_sleep"];
    const all = await runCli([...both, ...s.modelFlags()], { cwd: s.ws.dir });
    expect(all.stderr).toMatch(new RegExp(`✓ mcp_fixture_sleep ${DURATION}`));
    expect(all.stderr).not.toContain("denied");
    expect(all.exitCode).toBe(0);
  });

  it("runs it with --yes", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
      { text: "3" },
    ]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "add", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixture_add ${DURATION} · 3`));
  });
});

describe("the REPL with piped input", () => {
  it("answers each line, runs slash commands, and exits 0 at the end of input", async () => {
    await s.withModel([{ text: "first answer" }, { text: "second answer" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "one\n/servers\ntwo\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("first answer\nfixture  ready  15 tools\nsecond answer");
    expect(s.model?.requests).toHaveLength(2);
  });

  it("/reset starts the conversation over", async () => {
    await s.withModel([{ text: "first answer" }, { text: "fresh answer" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "remember me\n/reset\nwho am I\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("fresh answer");
    const second = s.model?.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    // Back to the system prompt (the default one: the file has none) and the new message.
    expect(second.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(second.messages[1]).toEqual({ role: "user", content: "who am I" });
  });

  it("keeps going after a model error, in one readable line", async () => {
    await s.withModel([{ status: 401, message: "bad key" }, { text: "fine now" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "one\ntwo\n",
      env: {},
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^error: .+\nfine now$/);
  });
});

describe("failed servers", () => {
  it("reports a server that fails to start in one line and runs with the rest", async () => {
    await s.withModel([{ text: "still here" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: {
          fixture: s.ws.fixture(),
          broken: { command: "definitely-not-a-command-xyz" },
          dead: s.ws.fixture(["--exit-on-start", "3"]),
        },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("still here");
    expect(r.stderr).toMatch(/^✗ server broken failed: .+$/m);
    expect(r.stderr).toMatch(/^✗ server dead failed: .+$/m);
    expect(r.stderr).toMatch(
      /connected 1\/3 servers \(2 failed: broken — Server "broken": command "definitely-not-a-command-xyz" was not found.*; dead — fixture: exiting on start with code 3\) · 15 tools/,
    );
  });
});

describe("--verbose", () => {
  it("shows server stderr and connect timings", async () => {
    await s.withModel([{ text: "ok" }, { text: "ok" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { fixture: s.ws.fixture(["--stderr-line", "hello from stderr"]) },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--verbose", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^server fixture: ready in \d+ms, 15 tools$/m);
    expect(r.stderr).toContain("server fixture stderr: hello from stderr");
    const quiet = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(quiet.stderr).not.toContain("hello from stderr");
  });
});
