import { readFileSync } from "node:fs";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCAL_MODEL } from "@tinyloop/inference-adapters/llama-cpp";
import { describe, expect, it } from "vitest";
import { DURATION, runCli } from "../__fixtures__/cli-harness.js";
import { useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url)).replace(/\/$/, "");
const noKeys = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", HF_TOKEN: "" };
// No node_modules/.bin on PATH: the written server must run from the CLI's own dependencies.
const pathWithoutBins = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => !dir.includes("node_modules"))
  .join(delimiter);

describe("tinyloop init", () => {
  it("writes an agent that runs as written: its model, and the bundled filesystem server", async () => {
    const env = { ...noKeys, OPENAI_API_KEY: "sk-test", PATH: pathWithoutBins };
    const init = await runCli(["init", "bot"], { cwd: s.ws.dir, env });
    expect(init.exitCode).toBe(0);
    expect(init.stdout).toContain("model: openai gpt-4o-mini (OPENAI_API_KEY is set)");
    // The tests run the clone's CLI from a folder outside the clone: the command that works there.
    expect(init.stdout).toContain(`run it: pnpm --dir ${repoRoot} tinyloop run bot`);
    const agent = JSON.parse(readFileSync(s.ws.path("bot/agent.json"), "utf8"));
    expect(agent).toMatchObject({ model: "gpt-4o-mini", provider: "openai" });
    expect(agent.servers).toEqual([
      { type: "stdio", command: "mcp-server-filesystem", args: ["."] },
    ]);
    expect(JSON.stringify(agent)).not.toContain("npx");

    s.ws.write({ "hello.txt": "hi from the workspace\n" });
    const model = await s.withModel([
      { toolCalls: [{ name: "mcp_filesystem_read_text_file", arguments: { path: "hello.txt" } }] },
      { text: "It says hi." },
      { text: "" }, // the starter agent is a tiny-agents agent.json: one more turn after the answer
    ]);
    // Only the endpoint is redirected to the scripted server; model and servers are the file's.
    const r = await runCli(
      ["run", "bot", "-p", "read hello.txt", "--endpoint-url", model.baseURL],
      {
        cwd: s.ws.dir,
        env,
      },
    );
    expect(r.stderr).toContain("model: openai gpt-4o-mini");
    expect(r.stderr).toMatch(
      new RegExp(`✓ mcp_filesystem_read_text_file ${DURATION} · hi from the workspace`),
    );
    expect(r.stdout).toContain("It says hi.");
    expect(r.exitCode).toBe(0);
    expect(model.requests[0]?.body).toMatchObject({ model: "gpt-4o-mini" });
  });

  it("names the CLI's default local model when no key is set, and config check accepts it", async () => {
    const init = await runCli(["init"], { cwd: s.ws.dir, env: noKeys });
    expect(init.exitCode).toBe(0);
    expect(init.stdout).toContain(`model: local ${DEFAULT_LOCAL_MODEL}`);
    const agent = JSON.parse(readFileSync(s.ws.path("my-agent/agent.json"), "utf8"));
    expect(agent).toMatchObject({ model: DEFAULT_LOCAL_MODEL, provider: "local" });
    const check = await runCli(["config", "check", "my-agent"], { cwd: s.ws.dir, env: noKeys });
    expect(check.stderr).toBe("");
    expect(check.exitCode).toBe(0);
  });
});
