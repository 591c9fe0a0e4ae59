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
    path: problem.path,
    example: problem.example,
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
