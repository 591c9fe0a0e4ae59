// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { mkdirSync, symlinkSync } from "node:fs";
import { descendantsOf, processesWithMarker } from "@tinyloop/test-fixtures";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cliBin,
  DURATION,
  runCli,
  stderrShows,
  type Workspace,
  workspace,
} from "../__fixtures__/cli-harness.js";

let ws: Workspace;
let model: ScriptedModelServer | undefined;
beforeEach(() => {
  ws = workspace();
});
afterEach(async () => {
  await model?.close();
  model = undefined;
  expect(await ws.leftovers()).toEqual([]);
  expect(descendantsOf(process.pid).filter((p) => !p.command.includes("vitest"))).toEqual([]);
  ws.remove();
});

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A PATH of one folder holding only a `node` link, inside the workspace. */
function nodeOnlyPath(): string {
  mkdirSync(ws.path("node-only"), { recursive: true });
  symlinkSync(process.execPath, ws.path("node-only/node"));
  return ws.path("node-only");
}
const echoThenAnswer = (server = "fixture") => [
  { toolCalls: [{ name: `mcp_${server}_echo`, arguments: { text: "ping" } }] },
  { text: "The fixture said ping.", chunkSize: 4 },
];
const modelFlags = () => ["--endpoint-url", `${model?.baseURL}`, "--model", "scripted"];

async function withModel(script: unknown[]): Promise<ScriptedModelServer> {
  model = await startScriptedModelServer({ script: script as never });
  return model;
}

describe("agent file formats", () => {
  it("runs a tiny-agents folder (flat servers, PROMPT.md) one-shot", async () => {
    // tiny-agents' list has no names: `node …/fixtures/dist/mcp-server/bin.js` → `fixtures`.
    await withModel(echoThenAnswer("fixtures"));
    ws.write({
      "agent/agent.json": json({ servers: [{ type: "stdio", ...ws.fixture() }] }),
      "agent/PROMPT.md": "Be brief.",
    });
    const r = await runCli(["run", "agent", "-p", "say ping", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
    expect(r.stderr).toContain("connected 1/1 servers");
    expect(r.stderr).toMatch(/→ mcp_fixtures_echo text="ping"/);
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixtures_echo ${DURATION} · ping`));
    const first = model?.requests[0]?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(first.messages[0]).toEqual({ role: "system", content: "Be brief." });
    expect(first.messages[1]).toEqual({ role: "user", content: "say ping" });
  });

  it("runs a path to a tiny-agents agent.json with the nested config shape", async () => {
    await withModel(echoThenAnswer("fixtures"));
    const { command, args, env } = ws.fixture();
    ws.write({
      "a/agent.json": json({ servers: [{ type: "stdio", config: { command, args, env } }] }),
    });
    const r = await runCli(["run", "a/agent.json", "-p", "go", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixtures_echo ${DURATION} · ping`));
  });

  it("reaches an HTTP server from the nested tiny-agents shape with requestInit headers", async () => {
    const http = await startFixtureHttpServer({ requireToken: "s3cret" }, ws.markerEnv);
    try {
      // Server names come from the URL for tiny-agents' list: 127.0.0.1:PORT → localhost-PORT.
      await withModel(echoThenAnswer(`localhost-${http.port}`));
      ws.write({
        "agent.json": json({
          servers: [
            {
              type: "http",
              config: {
                url: http.url,
                options: { requestInit: { headers: { Authorization: "Bearer ${FIXTURE_TOKEN}" } } },
              },
            },
          ],
        }),
      });
      const r = await runCli(["run", ".", "-p", "go", ...modelFlags()], {
        cwd: ws.dir,
        env: { FIXTURE_TOKEN: "s3cret" },
      });
      expect(r.stderr).toContain("connected 1/1 servers");
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`✓ mcp_localhost-${http.port}_echo ${DURATION} · ping`));
    } finally {
      await http.close();
    }
  });

  // The flat remote shapes: tiny-agents `{ type: "http" | "sse", url, headers }` and an
  // mcpServers `{ type, url, headers }` entry, each against a real HTTP fixture server that
  // demands the bearer token (so the headers must arrive).
  it.each([
    ["tiny-agents flat http", "http", "agent.json", "."],
    ["tiny-agents flat sse", "sse", "agent.json", "."],
    ["mcpServers url entry", "http", ".mcp.json", ".mcp.json"],
  ] as const)(
    "reaches a remote server from the %s shape with headers",
    async (_, type, file, target) => {
      const http = await startFixtureHttpServer(
        { transport: type, requireToken: "t0ken" },
        ws.markerEnv,
      );
      try {
        const entry = {
          type,
          url: http.url,
          headers: { Authorization: "Bearer ${FIXTURE_TOKEN}" },
        };
        const name = file === ".mcp.json" ? "remote" : `localhost-${http.port}`;
        await withModel(echoThenAnswer(name));
        ws.write({
          [file]: json(
            file === ".mcp.json" ? { mcpServers: { remote: entry } } : { servers: [entry] },
          ),
        });
        const r = await runCli(["run", target, "-p", "go", ...modelFlags()], {
          cwd: ws.dir,
          env: { FIXTURE_TOKEN: "t0ken" },
        });
        expect(r.stderr).toContain("connected 1/1 servers");
        expect(r.exitCode).toBe(0);
        expect(r.stderr).toMatch(new RegExp(`✓ mcp_${name}_echo ${DURATION} · ping`));
      } finally {
        await http.close();
      }
    },
  );

  it("runs a Claude/Cursor mcpServers file with the model from flags", async () => {
    await withModel(echoThenAnswer());
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "go", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
  });

  it("runs a Hermes YAML file and applies tools.include", async () => {
    await withModel([{ text: "ok" }]);
    const { command, args } = ws.fixture();
    ws.write({
      "config.yaml": [
        "mcp_servers:",
        "  fixture:",
        `    command: ${JSON.stringify(command)}`,
        `    args: ${JSON.stringify(args)}`,
        `    env: { TINYLOOP_TEST_MARKER: ${JSON.stringify(ws.marker)} }`,
        "    timeout: 30",
        "    tools:",
        "      include: [echo, add]",
      ].join("\n"),
    });
    const r = await runCli(["run", "config.yaml", "-p", "hi", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    const body = model?.requests[0]?.body as { tools: Array<{ function: { name: string } }> };
    const names = body.tools.map((t) => t.function.name).filter((n) => n.startsWith("mcp_"));
    expect(names.sort()).toEqual(["mcp_fixture_add", "mcp_fixture_echo"]);
  });

  it("runs the default agent: the real filesystem server on the current folder", async () => {
    ws.write({ "hello.txt": "hi from the file" });
    await withModel([
      { toolCalls: [{ name: "mcp_filesystem_read_text_file", arguments: { path: "hello.txt" } }] },
      { text: "read it" },
    ]);
    const r = await runCli(["run", "-p", "read hello.txt", ...modelFlags()], {
      cwd: ws.dir,
      env: { PATH: "/usr/bin:/bin" },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`✓ mcp_filesystem_read_text_file ${DURATION} · hi from the file`),
    );
  });

  it("adds --server and --url servers to the agent", async () => {
    const http = await startFixtureHttpServer({}, ws.markerEnv);
    try {
      await withModel([{ text: "ok" }]);
      const { args } = ws.fixture();
      const r = await runCli(
        [
          "run",
          "-p",
          "hi",
          "--server",
          `node ${args.join(" ")}`,
          "--url",
          http.url,
          ...modelFlags(),
        ],
        // Only `node` on PATH: the default agent is then just the filesystem server (no
        // chromium, so no Playwright), whatever the machine has installed.
        { cwd: ws.dir, env: { ...ws.markerEnv, PATH: nodeOnlyPath() } },
      );
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toContain("connected 3/3 servers");
    } finally {
      await http.close();
    }
  });
});

describe("inputs and variables", () => {
  it("fills ${input:ID} from its environment variable and ${VAR:-default}", async () => {
    await withModel([
      { toolCalls: [{ name: "mcp_fixtures_env", arguments: {} }] },
      { text: "done" },
    ]);
    const fixture = ws.fixture();
    ws.write({
      "agent.json": json({
        inputs: [{ id: "service-token", description: "Service token", password: true }],
        servers: [
          {
            type: "stdio",
            ...fixture,
            env: {
              ...fixture.env,
              SERVICE_TOKEN: "${input:service-token}",
              REGION: "${REGION:-eu-west}",
            },
          },
        ],
      }),
    });
    const r = await runCli(["run", ".", "-p", "env", "--json", "--yes", ...modelFlags()], {
      cwd: ws.dir,
      env: { SERVICE_TOKEN: "tok-123" },
    });
    expect(r.exitCode).toBe(0);
    const result = r.stdout
      .split("\n")
      .map((l) => JSON.parse(l))
      .find((e) => e.type === "tool-result");
    const env = JSON.parse(result.result.content[0].text);
    expect(env).toMatchObject({ SERVICE_TOKEN: "tok-123", REGION: "eu-west" });
    expect(env.OPENAI_API_KEY).toBeUndefined();
  });
});

describe("exit codes", () => {
  it("exits 1 on a model error, with one readable line", async () => {
    await withModel([{ status: 401, message: "bad key" }]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: .+/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 3 when the turns run out", async () => {
    await withModel([{ toolCalls: [{ name: "mcp_fixture_echo", arguments: { text: "a" } }] }]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--max-turns", "1", ...modelFlags()], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("raise --max-turns");
  });

  it("exits 130 on Ctrl+C during a slow tool and leaves no server behind", async () => {
    await withModel([
      { toolCalls: [{ name: "mcp_fixture_sleep", arguments: { ms: 20000 } }] },
      { text: "never" },
    ]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const child = execa(
      process.execPath,
      [cliBin, "run", ".mcp.json", "-p", "sleep", "--yes", ...modelFlags()],
      {
        cwd: ws.dir,
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
    ws.write({
      ".mcp.json": json({ mcpServers: { slow: ws.fixture(["--start-delay-ms", "60000"]) } }),
    });
    await withModel([{ text: "x" }]);
    const child = execa(
      process.execPath,
      [cliBin, "run", ".mcp.json", "-p", "hi", ...modelFlags()],
      {
        cwd: ws.dir,
        env: { NO_COLOR: "1" },
        reject: false,
        stdin: "ignore",
      },
    );
    await stderrShows(child, "model: ");
    // Ctrl+C once the slow server's process exists (it answers nothing for 60 s).
    const end = Date.now() + 60_000;
    while (processesWithMarker(ws.marker).length === 0) {
      if (Date.now() > end) throw new Error("the slow server never started");
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill("SIGINT");
    const r = await child;
    expect(r.exitCode).toBe(130);
  });

  it("exits 143 on SIGTERM in the REPL and closes the servers", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    await withModel([{ text: "x" }]);
    const child = execa(process.execPath, [cliBin, "run", ".mcp.json", ...modelFlags()], {
      cwd: ws.dir,
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
    await withModel(echoThenAnswer());
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--json", ...modelFlags()], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(0);
    const events = r.stdout.split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(events[0]).toMatchObject({
      type: "session",
      provider: "openai-compatible",
      model: "scripted",
      replay: false,
    });
    expect(events[1]).toEqual({ type: "server", server: "fixture", state: "ready", tools: 15 });
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
    await withModel([
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
      { text: "denied" },
    ]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "add", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("✗ denied mcp_fixture_add");
    const second = JSON.stringify(model?.requests[1]?.body);
    expect(second).toContain(
      'run with --yes, or set \\"approval\\": \\"never\\" in the agent file',
    );
  });

  it("runs it with --yes", async () => {
    await withModel([
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
      { text: "3" },
    ]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "add", "--yes", ...modelFlags()], {
      cwd: ws.dir,
    });
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixture_add ${DURATION} · 3`));
  });
});

describe("the REPL with piped input", () => {
  it("answers each line, runs slash commands, and exits 0 at the end of input", async () => {
    await withModel([{ text: "first answer" }, { text: "second answer" }]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...modelFlags()], {
      cwd: ws.dir,
      input: "one\n/servers\ntwo\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("first answer\nfixture  ready  15 tools\nsecond answer");
    expect(model?.requests).toHaveLength(2);
  });

  it("/reset starts the conversation over", async () => {
    await withModel([{ text: "first answer" }, { text: "fresh answer" }]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...modelFlags()], {
      cwd: ws.dir,
      input: "remember me\n/reset\nwho am I\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("fresh answer");
    const second = model?.requests[1]?.body as { messages: Array<{ content: unknown }> };
    expect(second.messages).toEqual([{ role: "user", content: "who am I" }]);
  });

  it("keeps going after a model error, in one readable line", async () => {
    await withModel([{ status: 401, message: "bad key" }, { text: "fine now" }]);
    ws.write({ ".mcp.json": json({ mcpServers: { fixture: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", ...modelFlags()], {
      cwd: ws.dir,
      input: "one\ntwo\n",
      env: {},
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^error: .+\nfine now$/);
  });
});

describe("failed servers", () => {
  it("reports a server that fails to start in one line and runs with the rest", async () => {
    await withModel([{ text: "still here" }]);
    ws.write({
      ".mcp.json": json({
        mcpServers: {
          fixture: ws.fixture(),
          broken: { command: "definitely-not-a-command-xyz" },
          dead: ws.fixture(["--exit-on-start", "3"]),
        },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...modelFlags()], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("still here");
    expect(r.stderr).toMatch(/^✗ server broken failed: .+$/m);
    expect(r.stderr).toMatch(/^✗ server dead failed: .+$/m);
    expect(r.stderr).toContain("connected 3/3 servers · 15 tools");
  });
});

describe("--verbose", () => {
  it("shows server stderr and connect timings", async () => {
    await withModel([{ text: "ok" }, { text: "ok" }]);
    ws.write({
      ".mcp.json": json({
        mcpServers: { fixture: ws.fixture(["--stderr-line", "hello from stderr"]) },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--verbose", ...modelFlags()], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^server fixture: ready in \d+ms, 15 tools$/m);
    expect(r.stderr).toContain("server fixture stderr: hello from stderr");
    const quiet = await runCli(["run", ".mcp.json", "-p", "hi", ...modelFlags()], { cwd: ws.dir });
    expect(quiet.stderr).not.toContain("hello from stderr");
  });
});
