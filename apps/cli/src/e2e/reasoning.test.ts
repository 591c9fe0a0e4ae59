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

/**
 * A Qwen-style model under `--tool-format hermes` that thinks in `<think>` before each answer:
 * turn 1 reasons (with an escape sequence that would clear the screen) and calls the fixture's
 * echo tool, turn 2 reasons and answers.
 */
async function thinkingModel(): Promise<ScriptedModelServer> {
  model = await startScriptedModelServer({
    script: [
      {
        text: '<think>Echo fits. \u001b[2J Calling it.</think><tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "ping"}}\n</tool_call>',
      },
      { text: "<think>It said ping; report that.</think>The echo said ping." },
    ],
  });
  ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }) });
  return model;
}

const oneShot = (server: ScriptedModelServer, ...more: string[]) =>
  runCli(
    [
      "run",
      ".mcp.json",
      "-p",
      "echo ping",
      "--endpoint-url",
      server.baseURL,
      "--model",
      "scripted",
      "--tool-format",
      "hermes",
      ...more,
    ],
    { cwd: ws.dir },
  );

describe("a reasoning model's thinking, through the real CLI", () => {
  it("-p prints the answer alone on stdout and no reasoning by default", async () => {
    const r = await oneShot(await thinkingModel());
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The echo said ping.");
    expect(r.stderr).toMatch(new RegExp(`✓ mcp_fx_echo ${DURATION} · ping`));
    expect(r.stderr).not.toContain("thinking");
    expect(r.stderr).not.toContain("report that");
    expect(`${r.stdout}${r.stderr}`).not.toContain("<think>");
  });

  it("-p --show-reasoning prints all of it on stderr under ▾ thinking, control characters made visible", async () => {
    const r = await oneShot(await thinkingModel(), "--show-reasoning");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("The echo said ping.");
    expect(r.stderr).toContain("▾ thinking\nEcho fits. \\x1b[2J Calling it.\n→ mcp_fx_echo");
    // (execa drops the output's last newline)
    expect(r.stderr).toMatch(/\n▾ thinking\nIt said ping; report that\.$/);
    expect(r.stderr).not.toContain("\u001b[2J");
  });

  it("the REPL with --show-reasoning streams all of it from the start", async () => {
    const server = await thinkingModel();
    const repl = (...more: string[]) =>
      runCli(
        [
          "run",
          ".mcp.json",
          "--endpoint-url",
          server.baseURL,
          "--model",
          "scripted",
          "--tool-format",
          "hermes",
          "--yes",
          ...more,
        ],
        { cwd: ws.dir, input: "echo ping\n" },
      );
    const full = await repl("--show-reasoning");
    expect(full.exitCode).toBe(0);
    expect(full.stdout).not.toContain("▸ thinking");
    expect(full.stdout).toContain("▾ thinking\nIt said ping; report that.\nThe echo said ping.");
  });

  it("--json emits reasoning-delta events per turn, apart from the text-delta events", async () => {
    const r = await oneShot(await thinkingModel(), "--json");
    expect(r.exitCode).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; turn?: number; text?: string });
    const reasoning = (turn: number) =>
      events
        .filter((event) => event.type === "reasoning-delta" && event.turn === turn)
        .map((event) => event.text)
        .join("");
    expect(reasoning(1)).toBe("Echo fits. \u001b[2J Calling it.");
    expect(reasoning(2)).toBe("It said ping; report that.");
    expect(Object.keys(events.find((event) => event.type === "reasoning-delta") ?? {})).toEqual([
      "type",
      "turn",
      "text",
    ]);
    const text = events
      .filter((event) => event.type === "text-delta")
      .map((event) => event.text)
      .join("");
    expect(text).toBe("The echo said ping.");
    expect(events.at(-1)).toMatchObject({ type: "done", text: "The echo said ping." });
  });

  it("--verbose says the run's tokens, with the reasoning tokens the provider reported (one-shot and REPL)", async () => {
    // A recorded answer (replayed by --cassette) whose provider reported reasoning tokens,
    // and one whose provider reported none.
    const entry = (usage: Record<string, number>) =>
      JSON.stringify({
        events: [
          { type: "reasoning-delta", text: "Think." },
          { type: "text-delta", text: "Done." },
          { type: "usage", ...usage },
          { type: "finish", reason: "stop" },
        ],
      });
    ws.write({
      ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }),
      "reasoned.jsonl": `${entry({ inputTokens: 1234, outputTokens: 30, reasoningTokens: 12 })}\n`,
      "plain.jsonl": `${entry({ inputTokens: 20, outputTokens: 3 })}\n`,
    });
    const run = (tape: string, ...more: string[]) =>
      runCli(["run", ".mcp.json", "--cassette", tape, "--verbose", ...more], {
        cwd: ws.dir,
        ...(more.includes("-p") ? {} : { input: "go\n" }),
      });
    const oneShotRun = await run("reasoned.jsonl", "-p", "go");
    expect(oneShotRun.exitCode).toBe(0);
    expect(oneShotRun.stdout).toBe("Done.");
    expect(oneShotRun.stderr).toContain("tokens: 1.2k in · 30 out · 12 reasoning");
    const repl = await run("reasoned.jsonl");
    expect(repl.exitCode).toBe(0);
    expect(repl.stdout).toContain(
      "▸ thinking: Think. (6 chars)\nDone.\ntokens: 1.2k in · 30 out · 12 reasoning",
    );
    const plain = await run("plain.jsonl", "-p", "go");
    expect(plain.stderr).toMatch(/\ntokens: 20 in · 3 out$/); // (execa drops the last newline)
    expect(plain.stderr).not.toContain("reasoning");
    const quiet = await runCli(["run", ".mcp.json", "--cassette", "reasoned.jsonl", "-p", "go"], {
      cwd: ws.dir,
    });
    expect(quiet.stderr).not.toContain("tokens:");
  });
});
