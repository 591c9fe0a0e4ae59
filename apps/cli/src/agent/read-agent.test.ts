// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BAD_CONFIGS } from "../__fixtures__/bad-configs.js";
import { CliError } from "../cli-error.js";
import { readAgent } from "./read-agent.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tinyloop-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const env = { PATH: "/usr/bin:/bin", HOME: "/home/test" };

describe("readAgent with bad files", () => {
  it.each(BAD_CONFIGS)("$name", async ({ files, target, env: extra, expect: words }) => {
    write(files);
    const error = await readAgent(target, { cwd: dir, env: { ...env, ...extra } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(CliError.isInstance(error)).toBe(true);
    for (const word of words) expect((error as Error).message).toContain(word);
  });
});

describe("readAgent with good files", () => {
  it("reads a tiny-agents folder with both server shapes and the AGENTS.md prompt", async () => {
    write({
      "agent.json": JSON.stringify({
        model: "Qwen/Qwen2.5-72B-Instruct",
        provider: "nebius",
        servers: [
          { type: "stdio", command: "npx", args: ["@playwright/mcp@latest"] },
          {
            type: "stdio",
            config: {
              command: "npx",
              args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
            },
          },
          {
            type: "http",
            config: {
              url: "https://huggingface.co/mcp",
              options: { requestInit: { headers: { A: "1" } } },
            },
          },
          { type: "sse", url: "http://127.0.0.1:3001/sse", headers: { B: "2" } },
          {
            type: "stdio",
            command: "npx",
            args: ["@playwright/mcp@latest", "--isolated"],
            tools: { exclude: ["browser_install"] },
          },
        ],
      }),
      "AGENTS.md": "You are careful.",
      "PROMPT.md": "not this one",
    });
    const spec = await readAgent(".", { cwd: dir, env });
    expect(spec.format).toBe("tiny-agents");
    expect(spec.systemPrompt).toBe("You are careful.");
    expect(spec.model).toBe("Qwen/Qwen2.5-72B-Instruct");
    expect(spec.servers.map((s) => s.name)).toEqual([
      "playwright",
      "filesystem",
      "huggingface",
      "localhost-3001",
      "playwright-2",
    ]);
    expect(spec.servers[2]?.transport).toEqual({
      type: "http",
      url: "https://huggingface.co/mcp",
      headers: { A: "1" },
    });
    expect(spec.servers[3]?.transport).toEqual({
      type: "sse",
      url: "http://127.0.0.1:3001/sse",
      headers: { B: "2" },
    });
    expect(spec.servers[4]?.exclude).toEqual(["browser_install"]);
  });

  it("reads a path to agent.json and PROMPT.md beside it", async () => {
    write({ "a/agent.json": JSON.stringify({ servers: [] }), "a/PROMPT.md": "Hello" });
    const spec = await readAgent("a/agent.json", { cwd: dir, env });
    expect(spec.systemPrompt).toBe("Hello");
  });

  it("expands inputs from the environment and ${VAR:-default}", async () => {
    write({
      "agent.json": JSON.stringify({
        apiKey: "${input:hf-token}",
        inputs: [{ id: "hf-token", description: "HF token", password: true }],
        servers: [
          {
            type: "stdio",
            command: "node",
            args: ["${TINYLOOP_AGENT_DIR}/s.js", "${PORT:-8080}"],
            env: { TOKEN: "${input:hf-token}", HOME_COPY: "${HOME}" },
          },
        ],
      }),
    });
    const spec = await readAgent(".", { cwd: dir, env: { ...env, HF_TOKEN: "secret" } });
    expect(spec.apiKey).toBe("secret");
    expect(spec.servers[0]?.transport).toMatchObject({
      args: [`${dir}/s.js`, "8080"],
      env: { TOKEN: "secret", HOME_COPY: "/home/test" },
    });
  });

  it("asks for an input that the environment lacks", async () => {
    write({
      "agent.json": JSON.stringify({
        inputs: [{ id: "token", description: "Token" }],
        servers: [
          {
            type: "http",
            url: "http://localhost:9/mcp",
            headers: { Authorization: "Bearer ${input:token}" },
          },
        ],
      }),
    });
    const asked: string[] = [];
    const spec = await readAgent(".", {
      cwd: dir,
      env,
      ask: async (input) => {
        asked.push(input.id);
        return "typed";
      },
    });
    expect(asked).toEqual(["token"]);
    expect(spec.servers[0]?.transport).toMatchObject({
      headers: { Authorization: "Bearer typed" },
    });
  });

  it("reads an mcpServers file, skipping disabled servers", async () => {
    write({
      ".mcp.json": JSON.stringify({
        mcpServers: {
          files: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
            env: { A: "1" },
          },
          remote: { type: "http", url: "https://example.com/mcp", headers: { X: "y" } },
          cursor: { url: "https://example.com/sse" },
          off: { command: "node", disabled: true },
        },
        globalShortcut: "Ctrl+Space",
      }),
    });
    const spec = await readAgent(".mcp.json", { cwd: dir, env });
    expect(spec.format).toBe("mcp-servers");
    expect(spec.servers.map((s) => [s.name, s.transport.type])).toEqual([
      ["files", "stdio"],
      ["remote", "http"],
      ["cursor", "auto"],
    ]);
  });

  it("reads a Hermes-style YAML config", async () => {
    write({
      "config.yaml": [
        "model:",
        "  default: qwen2.5:7b",
        "  provider: ollama",
        "mcp_servers:",
        "  files:",
        "    command: node",
        "    args: [server.js]",
        "    env: { PORT: 3000 }",
        "    timeout: 90",
        "    connect_timeout: 15",
        "    tools:",
        "      include: [read_file, list_directory]",
        "      exclude: write_file",
        "  remote:",
        "    url: https://example.com/mcp",
        "    headers: { Authorization: Bearer x }",
        "  off:",
        "    command: node",
        "    enabled: false",
        "terminal: { backend: local }",
      ].join("\n"),
    });
    const spec = await readAgent("config.yaml", { cwd: dir, env });
    expect(spec).toMatchObject({ format: "hermes", model: "qwen2.5:7b", provider: "ollama" });
    expect(spec.servers).toHaveLength(2);
    expect(spec.servers[0]).toMatchObject({
      name: "files",
      callTimeoutMs: 90_000,
      connectTimeoutMs: 15_000,
      include: ["read_file", "list_directory"],
      exclude: ["write_file"],
      transport: { env: { PORT: "3000" } },
    });
  });

  it("builds the default agent with the filesystem server from the CLI's own dependencies", async () => {
    const spec = await readAgent(undefined, { cwd: dir, env: { PATH: dir } });
    expect(spec.servers.map((s) => s.name)).toEqual(["filesystem"]);
    expect(spec.servers[0]?.transport).toMatchObject({
      command: process.execPath,
      args: [expect.stringContaining("server-filesystem"), dir],
    });
  });

  it("adds Playwright to the default agent when chromium is on PATH", async () => {
    write({ "bin/chromium": "#!/bin/sh\n" });
    const { chmodSync } = await import("node:fs");
    chmodSync(join(dir, "bin/chromium"), 0o755);
    const spec = await readAgent(undefined, { cwd: dir, env: { PATH: join(dir, "bin") } });
    expect(spec.servers.map((s) => s.name)).toEqual(["filesystem", "playwright"]);
    expect(spec.servers[1]?.transport).toMatchObject({
      args: [
        expect.stringContaining("cli.js"),
        "--headless",
        "--browser",
        "chromium",
        "--executable-path",
        join(dir, "bin/chromium"),
        "--no-sandbox",
        "--isolated",
      ],
    });
  });
});
