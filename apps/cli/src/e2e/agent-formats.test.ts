// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { describe, expect, it } from "vitest";
import { DURATION, runCli } from "../__fixtures__/cli-harness.js";
import { echoThenAnswer, json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("agent file formats", () => {
  it("runs a tiny-agents folder (flat servers, PROMPT.md) one-shot", async () => {
    // tiny-agents' list has no names: `node …/fixtures/dist/mcp-server/bin.js` → `fixtures`.
    await s.withModel(echoThenAnswer("fixtures"));
    s.ws.write({
      "agent/agent.json": json({ servers: [{ type: "stdio", ...s.ws.fixture() }] }),
      "agent/PROMPT.md": "Be brief.",
    });
    const r = await runCli(["run", "agent", "-p", "say ping", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
    expect(r.stderr).toContain("connected 1/1 servers");
    expect(r.stderr).toMatch(/→ mcp_fixtures_echo text="ping"/);
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixtures_echo ${DURATION} · ping`));
    const first = s.model?.requests[0]?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(first.messages[0]).toEqual({ role: "system", content: "Be brief." });
    expect(first.messages[1]).toEqual({ role: "user", content: "say ping" });
  });

  it("runs a path to a tiny-agents agent.json with the nested config shape", async () => {
    await s.withModel(echoThenAnswer("fixtures"));
    const { command, args, env } = s.ws.fixture();
    s.ws.write({
      "a/agent.json": json({ servers: [{ type: "stdio", config: { command, args, env } }] }),
    });
    const r = await runCli(["run", "a/agent.json", "-p", "go", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fixtures_echo ${DURATION} · ping`));
  });

  it("reaches an HTTP server from the nested tiny-agents shape with requestInit headers", async () => {
    const http = await startFixtureHttpServer({ requireToken: "s3cret" }, s.ws.markerEnv);
    try {
      // Server names come from the URL for tiny-agents' list: 127.0.0.1:PORT → localhost-PORT.
      await s.withModel(echoThenAnswer(`localhost-${http.port}`));
      s.ws.write({
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
      const r = await runCli(["run", ".", "-p", "go", ...s.modelFlags()], {
        cwd: s.ws.dir,
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
        s.ws.markerEnv,
      );
      try {
        const entry = {
          type,
          url: http.url,
          headers: { Authorization: "Bearer ${FIXTURE_TOKEN}" },
        };
        const name = file === ".mcp.json" ? "remote" : `localhost-${http.port}`;
        await s.withModel(echoThenAnswer(name));
        s.ws.write({
          [file]: json(
            file === ".mcp.json" ? { mcpServers: { remote: entry } } : { servers: [entry] },
          ),
        });
        const r = await runCli(["run", target, "-p", "go", ...s.modelFlags()], {
          cwd: s.ws.dir,
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
    await s.withModel(echoThenAnswer());
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "go", ...s.modelFlags()], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The fixture said ping.");
  });

  it("runs a Hermes YAML file and applies tools.include", async () => {
    await s.withModel([{ text: "ok" }]);
    const { command, args } = s.ws.fixture();
    s.ws.write({
      "config.yaml": [
        "mcp_servers:",
        "  fixture:",
        `    command: ${JSON.stringify(command)}`,
        `    args: ${JSON.stringify(args)}`,
        `    env: { TINYLOOP_TEST_MARKER: ${JSON.stringify(s.ws.marker)} }`,
        "    timeout: 30",
        "    tools:",
        "      include: [echo, add]",
      ].join("\n"),
    });
    const r = await runCli(["run", "config.yaml", "-p", "hi", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    const body = s.model?.requests[0]?.body as { tools: Array<{ function: { name: string } }> };
    const names = body.tools.map((t) => t.function.name).filter((n) => n.startsWith("mcp_"));
    expect(names.sort()).toEqual(["mcp_fixture_add", "mcp_fixture_echo"]);
  });

  it("names tinyloop mcp login in the warning about a Hermes auth value it does not know", async () => {
    s.ws.write({
      "config.yaml": [
        "mcp_servers:",
        "  docs:",
        "    url: http://127.0.0.1:9/mcp",
        "    auth: basic",
      ].join("\n"),
    });
    const r = await runCli(["config", "check", "config.yaml"], { cwd: s.ws.dir });
    expect(r.stderr).toContain(
      'config.yaml:4:5: warning: mcp_servers.docs.auth: ignored: the only auth tinyloop knows is "oauth" on a server with a url (it then logs in when the server asks; `tinyloop mcp login NAME` logs in ahead), got "basic"',
    );
  });

  it("runs the default agent: the real filesystem server on the current folder", async () => {
    s.ws.write({ "hello.txt": "hi from the file" });
    await s.withModel([
      { toolCalls: [{ name: "mcp_filesystem_read_text_file", arguments: { path: "hello.txt" } }] },
      { text: "read it" },
    ]);
    const r = await runCli(["run", "-p", "read hello.txt", ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: { PATH: "/usr/bin:/bin" },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`✓ mcp_filesystem_read_text_file ${DURATION} · hi from the file`),
    );
  });

  it("adds --server and --url servers to the agent", async () => {
    const http = await startFixtureHttpServer({}, s.ws.markerEnv);
    try {
      await s.withModel([{ text: "ok" }]);
      const { args } = s.ws.fixture();
      const r = await runCli(
        [
          "run",
          "-p",
          "hi",
          "--server",
          `node ${args.join(" ")}`,
          "--url",
          http.url,
          ...s.modelFlags(),
        ],
        // Only `node` on PATH: the default agent is then just the filesystem server (no
        // chromium, so no Playwright), whatever the machine has installed.
        { cwd: s.ws.dir, env: { ...s.ws.markerEnv, PATH: s.nodeOnlyPath() } },
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
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixtures_env", arguments: {} }] },
      { text: "done" },
      { text: "" }, // a tiny-agents agent.json's one more turn after the answer
    ]);
    const fixture = s.ws.fixture();
    s.ws.write({
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
    const r = await runCli(["run", ".", "-p", "env", "--json", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
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
