// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { mkdirSync, symlinkSync } from "node:fs";
import { descendantsOf } from "@tinyloop/test-fixtures";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DURATION, runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";

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
