// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { readFileSync } from "node:fs";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { DURATION } from "../__fixtures__/cli-harness.js";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("test", { columns: 120, rows: 40 });
const { pane } = repl;
const { tmux, screen, keys, waitFor } = pane;

/**
 * Bytes the test's one fixture server has read so far (`rchar` of /proc/PID/io). It reads
 * nothing while idle, so a rise after the approval question means the tool call reached it.
 */
function serverBytesRead(): number {
  const [server, ...others] = processesWithMarker(repl.ws.marker);
  if (!server || others.length > 0)
    throw new Error(`expected one fixture server, found ${others.length + (server ? 1 : 0)}`);
  const io = readFileSync(`/proc/${server.pid}/io`, "utf8");
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeNeeding(TMUX)("the REPL in a real terminal", () => {
  it("streams, lists tools, asks approval, survives Ctrl+C in a slow tool, exits on Ctrl+D", async () => {
    const model = await repl.withModel([
      {
        chunks: ["Streaming ", "one ", "piece ", "at ", "a ", "time ", "until ", "the ", "end."],
        delayMs: 400,
      },
      { toolCalls: [{ name: "mcp_fx_sleep", arguments: { ms: 30000 } }] },
      { text: "Back after the interruption." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("/tools", "Enter");
    await waitFor((s) => s.includes("mcp_fx_echo [read-only]"), "/tools");
    // The server has one name everywhere: /tools heads its group as /servers lists it.
    keys("/servers", "Enter");
    const named = await waitFor((s) => /^fx {2}ready {2}15 tools/m.test(s), "/servers");
    expect(named).toMatch(/^fx {2}15 tools$/m);
    expect(named).not.toContain("mcp-fx");

    keys("hello", "Enter");
    const partial = await waitFor((s) => s.includes("Streaming one"), "the first pieces");
    expect(partial).not.toContain("until the end.");
    await waitFor(
      (s) => s.includes("Streaming one piece at a time until the end."),
      "the whole answer",
    );

    keys("sleep please", "Enter");
    await waitFor(
      (s) => s.includes("allow mcp_fx_sleep ms=30000? [y]es / [n]o / [a]lways"),
      "the approval question",
    );
    const idle = serverBytesRead();
    keys("y", "Enter");
    // Ctrl+C only once the call is at the server, so it interrupts a running tool.
    await waitUntil(() => serverBytesRead() > idle, "the tools/call request at the server");
    keys("C-c");
    await waitFor(
      (s) => /✗ cancelled mcp_fx_sleep/.test(s) && s.includes("interrupted"),
      "the interrupted turn",
    );

    keys("again", "Enter");
    await waitFor((s) => s.includes("Back after the interruption."), "the next answer");

    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toContain("EXIT=0");
    expect(end).not.toMatch(/\n\s+at /);
  });

  it("asks for an input on the terminal and does not echo a password", async () => {
    repl.ws.write({
      "agent.json": JSON.stringify({
        inputs: [{ id: "fx-secret", description: "Fixture secret", password: true }],
        servers: [
          {
            type: "stdio",
            command: "node",
            args: ["server.js"],
            env: { GIVEN: "${input:fx-secret}" },
          },
        ],
      }),
    });
    repl.startCli(["config", "check", "."]);
    await waitFor((s) => s.includes("Fixture secret (hidden):"), "the question");
    keys("hunter2", "Enter");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    // The secret shows up once, in the printed agent, never on the question's line.
    expect(end).toContain(`"GIVEN": "hunter2"`);
    expect(end.match(/hunter2/g)).toHaveLength(1);
    expect(end).toMatch(/^Fixture secret \(hidden\): *$/m);
    expect(end).toContain("EXIT=0");
  });

  it("shows a live connecting line, then one line per failed server", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({
      ".mcp.json": JSON.stringify({
        mcpServers: {
          fast: repl.ws.fixture(),
          slow: repl.ws.fixture(["--start-delay-ms", "5000"]),
          broken: repl.ws.fixture(["--exit-on-start", "3"]),
        },
      }),
    });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^connecting [12]\/3 servers · (15|30) tools/m.test(s), "the live line");
    const ready = await waitFor((s) => /^›/m.test(s), "the prompt");
    expect(ready).toMatch(/^✗ server broken failed: .+/m);
    expect(ready).toContain("connected 2/3 servers (1 failed: broken");
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("Ctrl+C at an approval question aborts the turn and the next line goes to the model", async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 1, b: 1 } }] },
      { text: "Fresh turn." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("add", "Enter");
    await waitFor((s) => s.includes("allow mcp_fx_add"), "the question");
    keys("C-c");
    await waitFor((s) => s.includes("interrupted"), "the interrupted turn");
    keys("next", "Enter");
    await waitFor((s) => s.includes("Fresh turn."), "the next answer");
    const second = model.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(second.messages.at(-1)).toEqual({ role: "user", content: "next" });
  });

  it("asks approval in one-shot mode on a terminal", async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 20, b: 22 } }] },
      { text: "It is 42." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli([
      "run",
      ".mcp.json",
      "-p",
      "add them",
      "--endpoint-url",
      model.baseURL,
      "--model",
      "scripted",
    ]);
    await waitFor(
      (s) => s.includes("allow mcp_fx_add a=20 b=22? [y]es / [n]o / [a]lways"),
      "the question",
    );
    keys("y", "Enter");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toMatch(new RegExp(`✓ mcp_fx_add ${DURATION} · 42`));
    expect(end).toContain("It is 42.");
    expect(end).toContain("EXIT=0");
  });

  it("a(lways) approves the tool for the rest of the session", async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
      { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 3, b: 4 } }] },
      { text: "Added twice." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli([
      "run",
      ".mcp.json",
      "-p",
      "add",
      "--endpoint-url",
      model.baseURL,
      "--model",
      "scripted",
    ]);
    await waitFor((s) => s.includes("allow mcp_fx_add a=1 b=2?"), "the question");
    keys("a", "Enter");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toMatch(new RegExp(`✓ mcp_fx_add ${DURATION} · 3`));
    expect(end).toMatch(new RegExp(`✓ mcp_fx_add ${DURATION} · 7`));
    expect(end.match(/allow mcp_fx_add/g)).toHaveLength(1);
    expect(end).toContain("EXIT=0");
  });

  it("uses colours on a terminal unless --no-color", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"], {
      color: true,
    });
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("/servers", "Enter");
    await waitFor((s) => /fx {2}ready/.test(s), "/servers");
    const colored = tmux("capture-pane", "-p", "-e", "-t", repl.session());
    expect(JSON.stringify(colored)).toContain(JSON.stringify("\u001b[32mready").slice(1, -1));
    tmux("kill-server");
    await repl.ws.leftovers();
    repl.startCli(
      ["run", ".mcp.json", "--no-color", "--endpoint-url", model.baseURL, "--model", "scripted"],
      { color: true },
    );
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("/servers", "Enter");
    await waitFor((s) => /fx {2}ready/.test(s), "/servers");
    expect(tmux("capture-pane", "-p", "-e", "-t", repl.session())).not.toContain("\u001b[32m");
    tmux("kill-server");
    await repl.ws.leftovers();
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("/servers", "Enter");
    await waitFor((s) => /fx {2}ready/.test(s), "/servers");
    expect(tmux("capture-pane", "-p", "-e", "-t", repl.session())).not.toContain("\u001b[32m");
  });

  it("exits 0 on /exit", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("/help", "Enter");
    await waitFor((s) => s.includes("/clear     start the conversation over"), "/help");
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("closes its servers when the terminal goes away", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    tmux("kill-session", "-t", repl.session());
    // afterEach asserts that no process with the marker is left.
  });

  it("exits 0 on Ctrl+C twice at an empty prompt, after a warning", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("/servers", "Enter");
    await waitFor((s) => /fx {2}ready {2}15 tools/.test(s), "/servers");
    // Ctrl+C with text typed only clears the line, like a shell.
    keys("half a thought");
    await waitFor((s) => s.includes("half a thought"), "the typed text");
    keys("C-c");
    await waitFor((s) => s.includes("^C"), "the cleared line");
    keys("/servers", "Enter");
    await waitFor(
      (s) => s.match(/fx {2}ready {2}15 tools/g)?.length === 2,
      "the REPL still answering",
    );
    expect(screen()).not.toMatch(/half a thought\/servers/);
    // One Ctrl+C at an empty prompt only warns; a line in between starts the count again.
    const warning = "(press Ctrl+C again to exit, or Ctrl+D)";
    keys("C-c");
    await waitFor((s) => s.includes(warning), "the warning");
    keys("/servers", "Enter");
    await waitFor((s) => s.match(/fx {2}ready {2}15 tools/g)?.length === 3, "the REPL still there");
    keys("C-c");
    await waitFor((s) => s.split(warning).length === 3, "the second warning");
    expect(screen()).not.toContain("EXIT=");
    keys("C-c");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("a multi-line paste is one message, sent with the Enter after it", async () => {
    const model = await repl.withModel([{ text: "Got both lines." }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    // -p pastes with the brackets the program asked the terminal for.
    tmux("set-buffer", "-b", "paste", "first pasted line\nsecond pasted line");
    tmux("paste-buffer", "-p", "-b", "paste", "-t", repl.session());
    await waitFor((s) => s.includes("second pasted line"), "the pasted text");
    expect(model.requests).toHaveLength(0);
    keys("Enter");
    await waitFor((s) => s.includes("Got both lines."), "the answer");
    expect(model.requests).toHaveLength(1);
    const body = model.requests[0]?.body as { messages: Array<{ role: string; content: unknown }> };
    expect(body.messages.at(-1)).toEqual({
      role: "user",
      content: "first pasted line\nsecond pasted line",
    });
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });
});

describeNeeding(TMUX)("the terminal at the edges: Ctrl+D, bad answers, lines typed ahead", () => {
  it("Ctrl+D at the prompt ends the line and exits without redrawing the status line", async () => {
    const model = await repl.withModel([{ text: "x" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toMatch(/^› *\nEXIT=0$/m);
    expect(end.match(/connected 1\/1 servers/g)).toHaveLength(1);
  });

  it("Ctrl+D at an approval question stops the turn and exits", async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 1, b: 1 } }] },
      { text: "x" },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("add", "Enter");
    await waitFor((s) => s.includes("allow mcp_fx_add"), "the question");
    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toContain("interrupted");
    expect(end).toContain("EXIT=0");
    expect(model.requests).toHaveLength(1);
  });

  it("Ctrl+C during an answer drops what was typed meanwhile: never echoed into the answer, never sent", async () => {
    const model = await repl.withModel([
      // The answer streams, then the model hangs: only Ctrl+C ends this turn.
      { chunks: ["one ", "two ", "three "], delayMs: 300, hang: true },
      { text: "Fresh answer." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("count", "Enter");
    await waitFor((s) => s.includes("one two"), "the answer streaming");
    keys("delete everything", "Enter");
    keys("and more");
    keys("C-c");
    const after = await waitFor(
      (s) => s.includes("(dropped 2 lines typed during the answer; nothing was sent)"),
      "the interrupted turn",
    );
    expect(after).toContain("interrupted");
    // The answer line holds the answer alone.
    expect(after).toMatch(/^one two(?: three)?$/m);
    expect(after).not.toContain("delete everything");
    expect(after).not.toContain("and more");
    keys("next", "Enter");
    const end = await waitFor((s) => s.includes("Fresh answer."), "the next answer");
    expect(end).not.toContain("delete everything");
    expect(end).not.toContain("and more");
    // The model never got the typed-ahead text: two requests, the second ending with "next".
    expect(model.requests).toHaveLength(2);
    const bodies = JSON.stringify(model.requests.map((request) => request.body));
    expect(bodies).not.toContain("delete everything");
    expect(bodies).not.toContain("and more");
    const second = model.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(second.messages.at(-1)).toEqual({ role: "user", content: "next" });
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  // The model pauses after its first words until the test has typed its line, so the line
  // is typed ahead of the question however slow the machine is.
  const slowToolTurn = {
    chunks: ["Let ", "me ", "add."],
    pauseAfter: 2, // the role chunk and "Let "
    toolCalls: [{ name: "mcp_fx_add", arguments: { a: 2, b: 3 } }],
    toolCallStyle: "whole" as const,
  };

  /**
   * Types `y` Enter while the model is paused, then lets the model go on. The CLI shows nothing
   * when it reads a line typed ahead, so there is no screen to wait for: the pause gives tmux
   * and the pty time to deliver the line first. Without it, on a loaded machine, the line could
   * reach the CLI after the question opened, and then it is rightly taken as the answer.
   */
  async function typeAheadThenRelease(model: { release(): void }): Promise<void> {
    keys("y", "Enter");
    await new Promise((r) => setTimeout(r, 500));
    model.release();
  }

  it("REPL: a line typed ahead is no answer, and a bad answer says what is accepted", async () => {
    const model = await repl.withModel([slowToolTurn, { text: "Added." }, { text: "You said y." }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("add", "Enter");
    await waitFor((s) => /^Let\s*$/m.test(s), "the first words");
    await typeAheadThenRelease(model);
    const asked = await waitFor((s) => s.includes("allow mcp_fx_add a=2 b=3?"), "the question");
    expect(asked).toContain("(1 line typed ahead will be sent after this turn; answer below)");
    expect(asked).not.toContain("✓ mcp_fx_add");
    keys("maybe", "Enter");
    await waitFor(
      (s) =>
        s.includes(
          `"maybe" is not an answer; type y (yes), n (no), a (always), v (view) or e (edit):`,
        ),
      "the accepted answers",
    );
    keys("y", "Enter");
    await waitFor((s) => new RegExp(`✓ mcp_fx_add ${DURATION} · 5`).test(s), "the tool result");
    // The line typed ahead was kept as the next message.
    await waitFor((s) => s.includes("You said y."), "the typed-ahead line answered");
    const third = model.requests[2]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(third.messages.at(-1)).toEqual({ role: "user", content: "y" });
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("one-shot: a line typed before the question is dropped, not taken as the answer", async () => {
    const model = await repl.withModel([slowToolTurn, { text: "Not added." }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli([
      "run",
      ".mcp.json",
      "-p",
      "add",
      "--endpoint-url",
      model.baseURL,
      "--model",
      "scripted",
    ]);
    await waitFor((s) => /^Let\s*$/m.test(s), "the first words");
    await typeAheadThenRelease(model);
    const asked = await waitFor((s) => s.includes("allow mcp_fx_add a=2 b=3?"), "the question");
    expect(asked).toContain("(ignored 1 line typed before this question)");
    expect(asked).not.toContain("✓ mcp_fx_add");
    keys("n", "Enter");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toMatch(new RegExp(`✗ denied mcp_fx_add ${DURATION} · denied by the user$`, "m"));
    expect(end).toContain("Not added.");
    expect(end).toContain("EXIT=0");
  });
});
