import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// A hosted model id without its key is refused before anything starts, with the variable to
// set, by every command that takes a model: the built CLI, real server processes (none may start).

const s = useE2eSession();
/** No hosted key reaches the CLI, whatever the machine running the tests has set. */
const noKeys = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", HF_TOKEN: "" };

describe("a hosted model id is never taken as a file", () => {
  it("run --model gpt-4.1-mini without OPENAI_API_KEY: the variable to set, exit 2, no server started", async () => {
    const marker = s.ws.path("server-started");
    s.ws.write({
      ".mcp.json": json({
        mcpServers: {
          marking: {
            command: process.execPath,
            args: ["-e", "require('node:fs').writeFileSync(process.argv[1], 'x')", marker],
          },
        },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "--model", "gpt-4.1-mini", "-p", "hi"], {
      cwd: s.ws.dir,
      env: noKeys,
    });
    expect(r.stderr).toContain(
      'tinyloop: model "gpt-4.1-mini" is openai\'s, and OPENAI_API_KEY is not set: export OPENAI_API_KEY=<your key>, or choose another provider with --provider NAME (local for a GGUF file of that name)',
    );
    expect(r.stderr).not.toContain("Model file not found");
    expect(r.exitCode).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it("worker --model claude-… without ANTHROPIC_API_KEY is refused at start, before its database", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(
      [
        "worker",
        ".mcp.json",
        "--model",
        "claude-sonnet-4-5",
        // Nothing listens here: reaching the database would fail differently.
        "--db",
        "postgresql://tinyloop@127.0.0.1:1/tinyloop",
      ],
      { cwd: s.ws.dir, env: noKeys },
    );
    expect(r.stderr).toContain(
      "ANTHROPIC_API_KEY is not set: export ANTHROPIC_API_KEY=<your key>, or choose another provider with --provider NAME",
    );
    expect(r.exitCode).toBe(2);
  });

  it("with the key set, the id goes to its provider, not to a file (config check names it)", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["config", "check", ".mcp.json", "--model", "gpt-4.1-mini"], {
      cwd: s.ws.dir,
      env: { ...noKeys, OPENAI_API_KEY: "sk-test-not-used" },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout + r.stderr).toContain("openai gpt-4.1-mini");
  });
});
