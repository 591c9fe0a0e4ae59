// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "../agent-file-error.js";
import { readAgentFile } from "../read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-problems-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The error reading `name` (written with `text`) throws: every problem, first and others. */
async function problemsOf(name: string, text: string) {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const error = await readAgentFile(file, { env: {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!AgentFileError.isInstance(error))
    throw new Error(`expected an AgentFileError, got ${error}`);
  return [error, ...error.others].map((problem) => ({
    code: problem.code,
    path: problem.path,
    example: problem.example,
    message: problem.message,
  }));
}

describe("every problem of a file at once, each with an example of its own, in every format", () => {
  it("mcpServers JSON: a bad model and two bad servers, the model's example a model", async () => {
    const problems = await problemsOf(
      "claude_desktop_config.json",
      JSON.stringify(
        {
          model: 5,
          mcpServers: {
            a: { command: 7 },
            b: { url: "http://x", command: "npx" },
            good: { command: "npx" },
          },
        },
        null,
        2,
      ),
    );
    expect(problems.map((p) => p.path)).toEqual(["model", "mcpServers.a.command", "mcpServers.b"]);
    expect(problems[0]?.example).toBe('"model": "Qwen/Qwen2.5-72B-Instruct"');
    expect(problems[1]?.example).toContain('"command"');
  });

  it("VS Code mcp.json: two bad servers", async () => {
    const problems = await problemsOf(
      ".vscode/mcp.json",
      JSON.stringify({ servers: { a: { type: "stdio" }, b: { type: "http", url: 3 } } }, null, 2),
    );
    expect(problems.map((p) => p.path)).toEqual(["servers.a", "servers.b.url"]);
  });

  it("Hermes YAML: a bad max_turns and two bad servers, max_turns' example its own", async () => {
    const problems = await problemsOf(
      "config.yaml",
      "max_turns: lots\nmcp_servers:\n  a:\n    command: 7\n  b:\n    args: [x]\n",
    );
    expect(problems.map((p) => p.path)).toEqual([
      "max_turns",
      "mcp_servers.a.command",
      "mcp_servers.b",
    ]);
    expect(problems[0]?.example).toBe("max_turns: 20");
  });

  it.each([
    [
      "Codex TOML",
      ".codex/config.toml",
      '[mcp_servers.a]\ncommand = 7\n\n[mcp_servers.b]\nurl = "http://x"\ncommand = "npx"\n',
      ["mcp_servers.a.command", "mcp_servers.b"],
    ],
    [
      "Gemini",
      ".gemini/settings.json",
      '{\n  "mcpServers": {\n    "a": { "command": 7 },\n    "b": { "args": ["x"] }\n  }\n}',
      ["mcpServers.a.command", "mcpServers.b"],
    ],
    [
      "opencode",
      "opencode.json",
      '{\n  "mcp": {\n    "a": { "type": "local", "command": 7 },\n    "b": { "type": "remote" }\n  }\n}',
      ["mcp.a.command", "mcp.b"],
    ],
    [
      "Zed",
      "zed/settings.json",
      '{\n  "context_servers": {\n    "a": { "command": 7 },\n    "b": { "url": 9 }\n  }\n}',
      ["context_servers.a.command", "context_servers.b.url"],
    ],
    [
      "Goose",
      "goose/config.yaml",
      "extensions:\n  a:\n    type: stdio\n    cmd: 7\n  b:\n    type: stdio\n    uri: http://x\n",
      ["extensions.a.cmd", "extensions.b.type"],
    ],
    [
      "Continue",
      ".continue/config.yaml",
      "mcpServers:\n  - name: a\n    command: 7\n  - name: b\n    type: stdio\n    url: http://x\n",
      ["mcpServers[0].command", "mcpServers[1].type"],
    ],
  ])("%s: both bad servers, not only the first", async (_, name, text, paths) => {
    const problems = await problemsOf(name, text);
    expect(problems.map((p) => p.path)).toEqual(paths);
    for (const problem of problems) expect(problem.example).toBeTruthy();
  });
});

describe("every problem of every kind at once: schema, provider, unset variables, inputs", () => {
  it("agent.json: a bad maxTurns, a bad server, provider opnai and an unset variable, in one read", async () => {
    const problems = await problemsOf(
      "agent.json",
      JSON.stringify(
        {
          model: "gpt-4.1-mini",
          provider: "opnai",
          maxTurns: "lots",
          servers: [
            { type: "stdio", command: 7 },
            { type: "stdio", command: "npx", env: { TOKEN: "${MISSING_TOKEN}" } },
          ],
        },
        null,
        2,
      ),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["INVALID", "provider"],
      ["INVALID", "maxTurns"],
      ["INVALID", "servers[0].command"],
      ["VARIABLE_UNSET", undefined],
    ]);
    expect(problems[3]?.message).toContain("servers[1].env.TOKEN: ${MISSING_TOKEN}");
    expect(problems[0]?.message).toContain('got a string ("opnai"); did you mean openai?');
  });

  it("mcpServers JSON: a bad server, a mistyped provider, an unset variable and an undeclared input", async () => {
    const problems = await problemsOf(
      ".mcp.json",
      JSON.stringify(
        {
          provider: "antropic",
          mcpServers: {
            a: { command: 7 },
            b: { command: "npx", args: ["${MISSING_ARG}"] },
            c: { url: "${input:nope}" },
          },
        },
        null,
        2,
      ),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["INVALID", "provider"],
      ["INVALID", "mcpServers.a.command"],
      ["INVALID", "mcpServers.c.url"],
      ["VARIABLE_UNSET", undefined],
    ]);
    expect(problems[0]?.message).toContain("did you mean anthropic?");
    expect(problems[2]?.message).toContain('"inputs" declares no input with id "nope"');
  });

  it("a server whose variable is unset is not also called a bad URL", async () => {
    const problems = await problemsOf(
      ".mcp.json",
      JSON.stringify({ mcpServers: { a: { url: "${MCP_URL}" }, b: { url: "ftp://x" } } }),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["INVALID", "mcpServers.b.url"],
      ["VARIABLE_UNSET", undefined],
    ]);
  });

  it("Hermes YAML: a bad max_turns and provider opnai; an unset variable stays as written, as Hermes keeps it", async () => {
    const problems = await problemsOf(
      "config.yaml",
      "provider: opnai\nmax_turns: lots\nmcp_servers:\n  a:\n    command: npx\n    env:\n      TOKEN: ${MISSING_TOKEN}\n",
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["INVALID", "provider"],
      ["INVALID", "max_turns"],
    ]);
  });

  it.each([
    [
      "Codex TOML",
      ".codex/config.toml",
      '[mcp_servers.a]\ncommand = 7\n\n[mcp_servers.b]\nurl = "https://x.example/mcp"\nbearer_token_env_var = "MISSING_ARG"\n',
      "mcp_servers.a.command",
    ],
    [
      "Continue",
      ".continue/config.yaml",
      'mcpServers:\n  - name: a\n    command: 7\n  - name: b\n    command: npx\n    args: ["${{ secrets.MISSING_ARG }}"]\n',
      "mcpServers[0].command",
    ],
  ])("%s: a bad server and another's unset variable, together", async (_, name, text, path) => {
    const problems = await problemsOf(name, text);
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["INVALID", path],
      ["VARIABLE_UNSET", undefined],
    ]);
    expect(problems[1]?.message).toContain("MISSING_ARG");
  });
});

describe("an HTTP entry's error shows an HTTP entry", () => {
  it.each([
    [".mcp.json", JSON.stringify({ mcpServers: { a: { url: 5 } } }), "mcpServers.a.url"],
    [
      ".vscode/mcp.json",
      JSON.stringify({ servers: { a: { type: "http", url: 3 } } }),
      "servers.a.url",
    ],
    [
      ".gemini/settings.json",
      JSON.stringify({ mcpServers: { a: { httpUrl: 5 } } }),
      "mcpServers.a.httpUrl",
    ],
    [
      "zed/settings.json",
      JSON.stringify({ context_servers: { a: { url: 9 } } }),
      "context_servers.a.url",
    ],
    [".codex/config.toml", "[mcp_servers.a]\nurl = 5\n", "mcp_servers.a.url"],
  ])("%s: a bad url's example has a url and no command", async (name, text, path) => {
    const [problem] = await problemsOf(name, text);
    expect(problem?.path).toBe(path);
    expect(problem?.example).toMatch(/url|Url/);
    expect(problem?.example).not.toMatch(/command|npx/);
  });

  it("a stdio entry's error still shows a stdio entry", async () => {
    const [problem] = await problemsOf(
      ".mcp.json",
      JSON.stringify({ mcpServers: { a: { command: 7 } } }),
    );
    expect(problem?.example).toContain('"command"');
  });
});
