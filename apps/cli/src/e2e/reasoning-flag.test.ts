import {
  type Script,
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

async function serve(script: Script) {
  model = await startScriptedModelServer({ script });
  return model;
}

/** `.mcp.json` with the fixture server `fx` (its `echo` tool registers as `mcp_fx_echo`), plus `extra` keys. */
function agentFile(extra: Record<string, unknown> = {}) {
  ws.write({ ".mcp.json": JSON.stringify({ ...extra, mcpServers: { fx: ws.fixture() } }) });
}

const bodies = (server: ScriptedModelServer) =>
  server.requests.map((request) => request.body as Record<string, unknown>);

describe("--reasoning and the file's reasoning, through the real CLI", () => {
  it("run --reasoning 2048 with Claude: two tool turns with signed thinking complete against a server that requires it back", async () => {
    const server = await serve({
      anthropicThinking: "strict",
      turns: [
        {
          reasoning: "Echo one first.",
          toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "one" } }],
        },
        {
          reasoning: "Now the second.",
          toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "two" } }],
        },
        { reasoning: "Both echoed.", text: "Echoed both." },
      ],
    });
    agentFile();
    const r = await runCli(
      [
        "run",
        ".mcp.json",
        "-p",
        "echo one, then two",
        "--provider",
        "anthropic",
        "--endpoint-url",
        server.url,
        "--model",
        "claude-sonnet-4-5",
        "--reasoning",
        "2048",
      ],
      { cwd: ws.dir, env: { ANTHROPIC_API_KEY: "sk-ant-test" } },
    );
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · two`));
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Echoed both.");
    expect(r.stdout).not.toContain("Both echoed");
    expect(server.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    expect(bodies(server)[0]).toMatchObject({ thinking: { type: "enabled", budget_tokens: 2048 } });
  });

  it("the agent file's reasoning is sent; a flag the provider cannot take is one warning and the run goes on", async () => {
    const server = await serve({ turns: [{ text: "Fine." }], cycle: true });
    agentFile({ reasoning: { effort: "high" } });
    const args = [
      "run",
      ".mcp.json",
      "-p",
      "hi",
      "--provider",
      "ollama",
      "--endpoint-url",
      server.baseURL,
      "--model",
      "qwen3:8b",
    ];
    const fromFile = await runCli(args, { cwd: ws.dir });
    expect(fromFile.exitCode).toBe(0);
    expect(bodies(server)[0]).toMatchObject({ reasoning_effort: "high" });
    const budget = await runCli([...args, "--reasoning", "1500"], { cwd: ws.dir });
    expect(budget.exitCode).toBe(0);
    expect(budget.stdout).toBe("Fine.");
    expect(budget.stderr).toContain(
      "warning: ollama: a reasoning budget in tokens (1500) is not supported here; it takes an effort (low, medium or high). No reasoning setting is sent.",
    );
    expect(bodies(server)[1]).not.toHaveProperty("reasoning_effort");
  });

  it.each(["run", "serve"])(
    "%s --reasoning max: a usage error naming the flag and the right forms",
    async (command) => {
      agentFile();
      const r = await runCli([command, ".mcp.json", "--reasoning", "max", "--provider", "ollama"], {
        cwd: ws.dir,
      });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        '--reasoning: expected low, medium, high or a number of reasoning tokens ≥ 1, got a string ("max") (example: --reasoning medium, or --reasoning 4096)',
      );
    },
  );
});
