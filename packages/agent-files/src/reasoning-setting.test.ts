import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";
import { redactAgent } from "./redact-agent.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-reasoning-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function read(name: string, text: string) {
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), text);
  return readAgentFile(name, { cwd: dir, env: { PATH: "/usr/bin" } });
}

const server = { command: "node", args: ["s.js"] };

describe("reasoning in agent files", () => {
  it("is read from every format that has a model section, as an effort or a budget", async () => {
    const tiny = await read(
      "agent.json",
      JSON.stringify({
        model: "o4-mini",
        reasoning: { effort: "high" },
        servers: [{ type: "stdio", ...server }],
      }),
    );
    expect(tiny).toMatchObject({ format: "tiny-agents", reasoning: { effort: "high" } });
    const claude = await read(
      ".mcp.json",
      JSON.stringify({ reasoning: { budgetTokens: 4096 }, mcpServers: { s: server } }),
    );
    expect(claude).toMatchObject({ format: "mcp-servers", reasoning: { budgetTokens: 4096 } });
    const vscode = await read(
      ".vscode/mcp.json",
      JSON.stringify({
        reasoning: { effort: "low" },
        servers: { s: { type: "stdio", ...server } },
      }),
    );
    expect(vscode).toMatchObject({ format: "vscode", reasoning: { effort: "low" } });
    const hermes = await read(
      "config.yaml",
      "model: claude-sonnet-4-5\nreasoning:\n  budgetTokens: 8000\nmcp_servers:\n  s:\n    command: node\n    args: [s.js]\n",
    );
    expect(hermes).toMatchObject({ format: "hermes", reasoning: { budgetTokens: 8000 } });
    expect([tiny, claude, vscode, hermes].flatMap((agent) => agent.warnings)).toEqual([]);
    expect(redactAgent(claude)).toMatchObject({ reasoning: { budgetTokens: 4096 } });
  });

  it("is left unset when the file does not say", async () => {
    const agent = await read(".mcp.json", JSON.stringify({ mcpServers: { s: server } }));
    expect(agent.reasoning).toBeUndefined();
  });

  it("rejects anything else at the key, with both forms and an example", async () => {
    for (const reasoning of [
      { effort: "max" },
      { budgetTokens: 0 },
      "high",
      { effort: "low", budgetTokens: 9 },
    ]) {
      const error = await read(
        ".mcp.json",
        JSON.stringify({ reasoning, mcpServers: { s: server } }),
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(AgentFileError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(
        'reasoning: expected { "effort": "low" | "medium" | "high" } or { "budgetTokens": a whole number ≥ 1 } (example: "reasoning": { "effort": "medium" }), got',
      );
    }
  });
});
