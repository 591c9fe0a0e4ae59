import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LOCAL_MODEL } from "@tinyloop/inference-adapters/llama-cpp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { checkAgentFile } from "./check-agent-file.js";
import { chooseProvider } from "./choose-provider.js";
import { FILESYSTEM_SERVER_COMMAND } from "./default-agent.js";
import { readAgentFile } from "./read-agent-file.js";
import { starterAgent, writeStarterAgent } from "./starter-agent.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "starter-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const noKeys = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", HF_TOKEN: "" };

describe("starterAgent", () => {
  it("names the model of the first hosted provider whose key is set, as chooseProvider picks", async () => {
    for (const [key, provider] of [
      ["OPENAI_API_KEY", "openai"],
      ["ANTHROPIC_API_KEY", "anthropic"],
      ["HF_TOKEN", "huggingface"],
    ] as const) {
      const env = { ...noKeys, [key]: "k" };
      const { agent, why } = await starterAgent(env);
      expect(agent.provider).toBe(provider);
      expect(why).toBe(`${key} is set`);
      // The provider a file without one would get is the one the starter writes down.
      expect(chooseProvider({ model: agent.model }, env)).toMatchObject({
        model: agent.model,
        ...(provider === "anthropic" ? { kind: "anthropic" } : { provider }),
      });
    }
  });

  it("names the local default model when no key is set", async () => {
    const { agent, why } = await starterAgent(noKeys);
    expect(agent).toMatchObject({ provider: "local", model: DEFAULT_LOCAL_MODEL });
    expect(why).toBe(
      "no OPENAI_API_KEY, ANTHROPIC_API_KEY or HF_TOKEN is set; downloaded once on the first run",
    );
  });
});

describe("writeStarterAgent", () => {
  it("writes a tiny-agents folder that reads back as written and checks clean", async () => {
    const env = { ...noKeys, OPENAI_API_KEY: "sk-test" };
    const written = await writeStarterAgent(join(dir, "bot"), { env });
    expect(written.agentFile).toBe(join(dir, "bot", "agent.json"));
    const file = await readAgentFile(join(dir, "bot"), { env });
    expect(file).toMatchObject({
      format: "tiny-agents",
      name: "bot",
      model: "gpt-4o-mini",
      provider: "openai",
      maxTurns: 20,
      approval: "ask",
      warnings: [],
    });
    expect(file.systemPrompt).toContain("filesystem tools");
    expect(file.servers).toHaveLength(1);
    expect(file.servers[0]?.config).toMatchObject({
      type: "stdio",
      command: FILESYSTEM_SERVER_COMMAND,
      args: ["."],
    });
    expect(readFileSync(written.agentFile, "utf8")).not.toContain("npx");
    const checked = await checkAgentFile(join(dir, "bot"), {
      env: { ...env, PATH: dir },
      providedCommands: [FILESYSTEM_SERVER_COMMAND],
    });
    expect(checked.warnings).toEqual([]);
  });

  it("never writes over an agent, and keeps a PROMPT.md that is already there", async () => {
    writeFileSync(join(dir, "PROMPT.md"), "My own prompt.\n");
    await writeStarterAgent(dir, { env: noKeys });
    expect(readFileSync(join(dir, "PROMPT.md"), "utf8")).toBe("My own prompt.\n");
    const again = await writeStarterAgent(dir, { env: noKeys }).catch((error: unknown) => error);
    expect(AgentFileError.isInstance(again) && again.code).toBe("EXISTS");
    expect((again as Error).message).toBe(
      `${join(dir, "agent.json")}: already exists; a starter agent is never written over one — pick another folder`,
    );
  });
});
