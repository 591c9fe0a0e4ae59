// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { BAD_CONFIGS } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(async () => {
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe("bad agent files through the binary", () => {
  it.each(BAD_CONFIGS)(
    "config check: $name → exit 2 and the message",
    async ({ files, target, env, expect: words }) => {
      ws.write(files);
      const r = await runCli(["config", "check", target], { cwd: ws.dir, env: env ?? {} });
      expect(r.exitCode).toBe(2);
      for (const word of words) expect(r.stderr).toContain(word);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    },
  );

  it("run with a bad second server starts no server at all", async () => {
    const started = ws.path("started");
    ws.write({
      "agent.json": json({
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: ["-e", `require("fs").writeFileSync(${JSON.stringify(started)}, "")`],
          },
          { type: "stdio", command: 42 },
        ],
      }),
    });
    const r = await runCli(
      ["run", ".", "-p", "hi", "--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"],
      { cwd: ws.dir },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("servers[1].command: expected a string, got a number (42)");
    expect(existsSync(started)).toBe(false);
  });

  it("run with a bad reconnect value starts no server at all", async () => {
    const started = ws.path("started");
    ws.write({
      ".mcp.json": json({
        mcpServers: {
          files: {
            command: process.execPath,
            args: ["-e", `require("fs").writeFileSync(${JSON.stringify(started)}, "")`],
            reconnect: { sessionRetries: "none" },
          },
        },
      }),
    });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--model", "m", "--endpoint-url", "http://127.0.0.1:9/v1"],
      { cwd: ws.dir },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'mcpServers.files.reconnect.sessionRetries: expected a number, got a string ("none")',
    );
    expect(existsSync(started)).toBe(false);
  });

  it("a usage error exits 2", async () => {
    const r = await runCli(["run", "--max-turns", "zero"], { cwd: ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`expected a whole number of at least 1, got "zero"`);
  });
});

describe("config check", () => {
  it("prints the normalised agent with secrets redacted", async () => {
    ws.write({
      ".mcp.json": json({
        mcpServers: {
          gh: {
            command: "npx",
            args: ["-y", "server-github"],
            env: { GITHUB_TOKEN: "${GH}", LOG_LEVEL: "debug" },
          },
          remote: {
            type: "http",
            url: "https://example.com/mcp",
            headers: { Authorization: "Bearer ${GH}" },
          },
        },
      }),
    });
    const r = await runCli(
      ["config", "check", ".mcp.json", "--model", "gpt-4o-mini", "--provider", "openai"],
      {
        cwd: ws.dir,
        env: { GH: "ghp_secret" },
      },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain("ghp_secret");
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe("mcp-servers");
    expect(out.model).toBe("openai gpt-4o-mini");
    expect(out.servers[0]).toMatchObject({
      name: "gh",
      type: "stdio",
      env: { GITHUB_TOKEN: "***", LOG_LEVEL: "debug" },
    });
    expect(out.servers[1]).toMatchObject({
      name: "remote",
      type: "http",
      headers: { Authorization: "***" },
    });
  });
});

describe("mcp tools and mcp call", () => {
  it("lists each server's tools under the agent's names and what the filter skipped", async () => {
    const fixture = ws.fixture();
    ws.write({
      ".mcp.json": json({
        mcpServers: { fx: { ...fixture, tools: { exclude: ["hang", "big"] } } },
      }),
    });
    const r = await runCli(["mcp", "tools", ".mcp.json"], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^fx {2}ready {2}13 tools/m);
    expect(r.stdout).toMatch(
      /^ {2}mcp_fx_echo \[read-only\] {2}Returns its text argument unchanged\./m,
    );
    expect(r.stdout).toMatch(/^ {2}skipped hang: /m);
    expect(r.stdout).toMatch(/^ {2}skipped big: /m);
  });

  it("keeps tool names whole for a server with a long name, shortening the server part", async () => {
    const long = "github.com/modelcontextprotocol/servers/tree/main/src/everything";
    const short = `github_com_mo_${createHash("sha256").update(long).digest("hex").slice(0, 4)}`;
    ws.write({
      ".mcp.json": json({
        mcpServers: { [long]: { ...ws.fixture(), tools: { include: ["echo", "add"] } } },
      }),
    });
    const r = await runCli(["mcp", "tools", ".mcp.json"], { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^ {2}mcp_${short}_echo \\[read-only\\] {2}Returns its text`, "m"),
    );
    expect(r.stdout).toMatch(new RegExp(`^ {2}mcp_${short}_add `, "m"));
    const call = await runCli(
      ["mcp", "call", `mcp_${short}_add`, ".mcp.json", "--args", `{"a": 2, "b": 40}`],
      { cwd: ws.dir },
    );
    expect(call.stdout).toBe("42");
  });

  it("works with only --server", async () => {
    const { args } = ws.fixture();
    const r = await runCli(["mcp", "tools", "--server", `node ${args.join(" ")}`], {
      cwd: ws.dir,
      env: ws.markerEnv,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("mcp_fixtures_add");
  });

  it("calls one tool and prints its result", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      ["mcp", "call", "mcp_fx_add", ".mcp.json", "--args", `{"a": 2, "b": 40}`],
      { cwd: ws.dir },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("42");
  });

  it("reports an error result with exit 1", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      ["mcp", "call", "mcp_fx_fail", ".mcp.json", "--args", `{"message": "boom"}`],
      { cwd: ws.dir },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("fixture failure: boom");
  });

  it("rejects --args that are not JSON with exit 2", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(["mcp", "call", "mcp_fx_add", ".mcp.json", "--args", "{a: 1}"], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      '--args: The arguments for tool "mcp_fx_add" are not valid JSON: Expected property name',
    );
    expect(r.stderr).toContain('Send one JSON object, for example {"path": "README.md"}');
    const list = await runCli(["mcp", "call", "mcp_fx_add", ".mcp.json", "--args", "[1, 2]"], {
      cwd: ws.dir,
    });
    expect(list.exitCode).toBe(2);
    expect(list.stderr).toContain("must be a JSON object, got a list");
  });
});

describe("init, --help, --version", () => {
  it("writes a starter agent that config check accepts, and never overwrites", async () => {
    const first = await runCli(["init", "bot"], { cwd: ws.dir });
    expect(first.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(ws.path("bot/agent.json"), "utf8")).servers).toHaveLength(1);
    expect(readFileSync(ws.path("bot/PROMPT.md"), "utf8")).toContain("filesystem tools");
    const check = await runCli(["config", "check", "bot", "--model", "m", "--provider", "ollama"], {
      cwd: ws.dir,
    });
    expect(check.exitCode).toBe(0);
    const again = await runCli(["init", "bot"], { cwd: ws.dir });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  it.each([
    ["--help"],
    ["run", "--help"],
    ["mcp", "tools", "--help"],
    ["mcp", "call", "--help"],
    ["config", "check", "--help"],
    ["init", "--help"],
  ])("%s %s prints usage", async (...args) => {
    const r = await runCli(args.filter(Boolean), { cwd: ws.dir });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("Usage: tinyloop");
  });

  it("--help lists every provider and every exit code", async () => {
    const root = await runCli(["--help"], { cwd: ws.dir });
    const run = await runCli(["run", "--help"], { cwd: ws.dir });
    const check = await runCli(["config", "check", "--help"], { cwd: ws.dir });
    for (const help of [root.stdout, run.stdout])
      expect(help).toContain(
        "Exit codes: 0 done, 1 model/run error, 2 config or usage error, 3 max turns, 4 a tool call denied with nobody to approve it, 130 Ctrl+C, 143 SIGTERM or the terminal closed.",
      );
    for (const help of [run.stdout, check.stdout]) {
      const flat = help.replace(/\s+/g, " ");
      for (const provider of ["openai", "anthropic", "huggingface", "ollama", "lmstudio"])
        expect(flat).toContain(provider);
      for (const provider of ["llamacpp", "vllm", "together", "groq", "openrouter"])
        expect(flat).toContain(provider);
      expect(flat).toContain("local, replay");
    }
  });

  it("--version prints the package version", async () => {
    const { version } = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    );
    const r = await runCli(["--version"], { cwd: ws.dir });
    expect(r.stdout).toBe(version);
  });
});

describe("the examples", () => {
  const examples = new URL("../../../../examples/", import.meta.url);
  it.each(["offline-demo", "hosted-openai", "ollama", "http-server"])(
    "examples/%s passes config check",
    async (name) => {
      const r = await runCli(["config", "check", new URL(name, examples).pathname], {
        cwd: ws.dir,
        env: { OPENAI_API_KEY: "sk-test", MCP_TOKEN: "t" },
      });
      expect(r.stderr).toBe("");
      expect(r.exitCode).toBe(0);
    },
  );
});
