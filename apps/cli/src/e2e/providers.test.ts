import { cpSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";
import { replyScript, writeTinyLlamaGguf } from "@tinyloop/test-fixtures/gguf";
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
  ws.remove();
});

const json = (value: unknown) => JSON.stringify(value, null, 2);
const noKeys = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", HF_TOKEN: "" };
const cliBinDir = fileURLToPath(new URL("../../node_modules/.bin", import.meta.url));
const demoDir = fileURLToPath(new URL("../../../../examples/offline-demo", import.meta.url));

describe("replay and record", () => {
  // `pnpm demo` runs the CLI through `pnpm exec` (the dependency's `mcp-server-filesystem`
  // bin on PATH); `node apps/cli/bin/tinyloop.js run examples/offline-demo` has no such bin
  // on PATH, and the CLI runs the bundled server from its own dependencies instead.
  const pathWithoutBins = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(delimiter);
  it.each([
    ["run directly (no mcp-server-filesystem on PATH)", pathWithoutBins],
    ["run through pnpm exec (the bin on PATH)", `${cliBinDir}${delimiter}${pathWithoutBins}`],
  ])("runs the offline demo, %s: replayed turns, real filesystem tool calls", async (_, path) => {
    cpSync(demoDir, ws.path("demo"), {
      recursive: true,
      filter: (src) => !src.endsWith("note.md"),
    });
    const r = await runCli(["run", "demo", "-p", "Keep a note that this demo ran offline."], {
      cwd: ws.dir,
      env: { ...noKeys, PATH: path },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("the model's turns are replayed; the tool calls are real");
    expect(r.stderr).toMatch(
      new RegExp(`✓ mcp_filesystem_write_file ${DURATION} · Successfully wrote to note\\.md`),
    );
    expect(r.stderr).toMatch(
      new RegExp(
        `✓ mcp_filesystem_read_text_file ${DURATION} · # Note tinyloop ran this demo offline`,
      ),
    );
    expect(r.stdout).toContain("Done: the note is saved as note.md");
    expect(readFileSync(ws.path("demo/scratch/note.md"), "utf8")).toContain(
      "tinyloop ran this demo offline",
    );
  });

  it("records a run with --record and replays it with --cassette, no model server needed", async () => {
    model = await startScriptedModelServer({
      script: [
        { toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "taped" } }] },
        { text: "answer on tape" },
      ],
    });
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const recorded = await runCli(
      [
        "run",
        ".mcp.json",
        "-p",
        "go",
        "--endpoint-url",
        model.baseURL,
        "--model",
        "m",
        "--record",
        "tape.jsonl",
      ],
      { cwd: ws.dir },
    );
    expect(recorded.exitCode).toBe(0);
    await model.close();
    model = undefined;
    const replayed = await runCli(["run", ".mcp.json", "-p", "go", "--cassette", "tape.jsonl"], {
      cwd: ws.dir,
    });
    expect(replayed.exitCode).toBe(0);
    expect(replayed.stdout).toBe("answer on tape");
    expect(replayed.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · taped`));
    expect(replayed.stderr).toContain("model: replayed from tape.jsonl");
  });

  it("fails with exit 1 when the cassette runs out", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }), "empty.jsonl": "" });
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--cassette", "empty.jsonl"], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("empty.jsonl holds only 0 model call(s)");
  });
});

describe("hosted providers against the scripted server", () => {
  it("talks the Anthropic Messages wire with --provider anthropic", async () => {
    model = await startScriptedModelServer({ script: [{ text: "hello from claude-ish" }] });
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      [
        "run",
        ".mcp.json",
        "-p",
        "hi",
        "--provider",
        "anthropic",
        "--endpoint-url",
        model.url,
        "--model",
        "claude-test",
      ],
      { cwd: ws.dir, env: { ANTHROPIC_API_KEY: "sk-ant-test" } },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("hello from claude-ish");
    expect(model.requests[0]?.path).toBe("/v1/messages");
    expect(model.requests[0]?.headers["x-api-key"]).toBe("sk-ant-test");
  });

  it("takes the key from --api-key-env", async () => {
    model = await startScriptedModelServer({ script: [{ text: "ok" }] });
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      [
        "run",
        ".mcp.json",
        "-p",
        "hi",
        "--endpoint-url",
        model.baseURL,
        "--model",
        "m",
        "--api-key-env",
        "MY_KEY",
      ],
      { cwd: ws.dir, env: { MY_KEY: "k-123" } },
    );
    expect(r.exitCode).toBe(0);
    expect(model.requests[0]?.headers.authorization).toBe("Bearer k-123");
  });

  it("says how to name a model when none is given", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--provider", "openai"], {
      cwd: ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`no model given for provider "openai"; pass --model NAME`);
  });
});

// The tiny GGUF tokenises nearly character by character, so a dozen tool schemas overflow its
// context: these agents have no servers (the agent's own exit tools are still offered).
describe("the local provider (node-llama-cpp) with a tiny GGUF made here", () => {
  it("runs --provider local --model FILE.gguf", async () => {
    await writeTinyLlamaGguf(ws.path("tiny.gguf"), replyScript(["Hello", ",\u2581world", "!"]));
    ws.write({ "agent.json": json({ servers: [] }) });
    const r = await runCli(
      ["run", ".", "-p", "hi", "--provider", "local", "--model", "tiny.gguf"],
      {
        cwd: ws.dir,
        timeout: 120_000,
      },
    );
    expect(r.stderr).toContain("model: local tiny.gguf");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Hello, world!");
  }, 150_000);

  it('runs "provider": "local" from an agent file, its model path relative to that file', async () => {
    ws.write({ "agent/agent.json": json({ provider: "local", model: "tiny.gguf", servers: [] }) });
    await writeTinyLlamaGguf(
      ws.path("agent/tiny.gguf"),
      replyScript(["From", "\u2581the", "\u2581file"]),
    );
    const r = await runCli(["run", "agent", "-p", "hi"], {
      cwd: ws.dir,
      env: noKeys,
      timeout: 120_000,
    });
    expect(r.stderr).toContain("model: local");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("From the file");
  }, 150_000);

  it("names a missing model file", async () => {
    ws.write({ ".mcp.json": json({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--provider", "local", "--model", "nope.gguf"],
      {
        cwd: ws.dir,
        timeout: 120_000,
      },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("nope.gguf");
  }, 150_000);

  it("uses the default local model when nothing names a provider and no key is set, downloading it once", async () => {
    const gguf = await (async () => {
      await writeTinyLlamaGguf(ws.path("hub.gguf"), replyScript(["Local", "\u2581answer"]));
      return readFileSync(ws.path("hub.gguf"));
    })();
    const hits: string[] = [];
    const hub: Server = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": gguf.length,
      });
      res.end(gguf);
    });
    await new Promise<void>((resolve) => hub.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
      ws.write({ "agent.json": json({ servers: [] }) });
      const env = { ...noKeys, TINYLOOP_HF_ENDPOINT: endpoint, XDG_CACHE_HOME: ws.path("cache") };
      const first = await runCli(["run", ".", "-p", "hi"], { cwd: ws.dir, env, timeout: 120_000 });
      expect(first.stderr).toContain("model: local (default model)");
      expect(first.stderr).toMatch(
        /downloading hf:Qwen\/Qwen2\.5-1\.5B-Instruct-GGUF\/qwen2\.5-1\.5b-instruct-q4_k_m\.gguf/,
      );
      expect(first.exitCode).toBe(0);
      expect(first.stdout).toBe("Local answer");
      expect(hits).toEqual([
        "/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf",
      ]);
      const second = await runCli(["run", ".", "-p", "hi"], { cwd: ws.dir, env, timeout: 120_000 });
      expect(second.stdout).toBe("Local answer");
      expect(second.stderr).not.toContain("downloading");
      expect(hits).toHaveLength(1);
    } finally {
      await new Promise((resolve) => hub.close(resolve));
    }
  }, 200_000);
});

describe("a provider tinyloop does not know", () => {
  it("is a config error with a did-you-mean, from the file, the flag or PROVIDER; nothing starts", async () => {
    ws.write({
      "typo/agent.json": json({ model: "gpt-4o-mini", provider: "opnai", servers: [ws.fixture()] }),
      "plain/agent.json": json({ model: "gpt-4o-mini", servers: [ws.fixture()] }),
    });
    const fromFile = await runCli(["run", "typo", "-p", "hi"], { cwd: ws.dir, env: noKeys });
    expect(fromFile.exitCode).toBe(2);
    expect(fromFile.stderr).toMatch(
      /typo\/agent\.json:\d+:\d+: provider: expected a provider tinyloop knows \(openai, .*\), got a string \("opnai"\); did you mean openai\?/,
    );
    expect(fromFile.stderr).toContain('example: "provider": "openai"');
    const check = await runCli(["config", "check", "typo"], { cwd: ws.dir, env: noKeys });
    expect(check.exitCode).toBe(2);
    expect(check.stderr).toContain("did you mean openai?");

    const fromFlag = await runCli(["run", "plain", "--provider", "antropic", "-p", "hi"], {
      cwd: ws.dir,
      env: noKeys,
    });
    expect(fromFlag.exitCode).toBe(2);
    expect(fromFlag.stderr).toMatch(
      /--provider: expected a provider tinyloop knows .*; did you mean anthropic\?/,
    );

    const fromEnvironment = await runCli(["run", "-p", "hi", "--allow-no-servers"], {
      cwd: ws.dir,
      env: { ...noKeys, PROVIDER: "nebuis", MODEL_ID: "m" },
    });
    expect(fromEnvironment.exitCode).toBe(2);
    expect(fromEnvironment.stderr).toContain('got a string ("nebuis"); did you mean nebius?');
  });
});
