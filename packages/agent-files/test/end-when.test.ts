import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { FIXTURE_ENV, fixture, GOOD_FIXTURES } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultAgent, readAgentFile } from "../src/index.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-end-when-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const server = { type: "stdio", command: "node", args: ["server.js"] };

describe("endWhen: when a run ends", () => {
  it.each(GOOD_FIXTURES)("%s (%s) gets its format's default", async (name, format) => {
    const agent = await readAgentFile(fixture(name), { env: FIXTURE_ENV });
    expect(agent.endWhen).toBe(format === "tiny-agents" ? "two-texts" : "text");
  });

  it("a tiny-agents agent.json can keep the first answer", async () => {
    write("agent/agent.json", JSON.stringify({ endWhen: "text", servers: [server] }));
    const agent = await readAgentFile(join(dir, "agent"), { env: FIXTURE_ENV });
    expect(agent).toMatchObject({ format: "tiny-agents", endWhen: "text" });
  });

  it("Claude's mcpServers and VS Code's servers files can ask for two texts", async () => {
    const claude = write(
      "claude.json",
      JSON.stringify({ endWhen: "two-texts", mcpServers: { files: server } }),
    );
    const vscode = write(
      ".vscode/mcp.json",
      JSON.stringify({ endWhen: "two-texts", servers: { files: server } }),
    );
    expect(await readAgentFile(claude, { env: FIXTURE_ENV })).toMatchObject({
      format: "mcp-servers",
      endWhen: "two-texts",
    });
    expect(await readAgentFile(vscode, { env: FIXTURE_ENV })).toMatchObject({
      format: "vscode",
      endWhen: "two-texts",
    });
  });

  it("Hermes' config.yaml says it as end_when, like its max_turns", async () => {
    const file = write(
      "config.yaml",
      "end_when: two-texts\nmax_turns: 30\nmcp_servers:\n  files:\n    command: node\n",
    );
    const warnings: string[] = [];
    const agent = await readAgentFile(file, {
      env: FIXTURE_ENV,
      onWarning: (w) => warnings.push(w.text),
    });
    expect(agent).toMatchObject({ format: "hermes", endWhen: "two-texts", maxTurns: 30 });
    expect(warnings).toEqual([]);
  });

  it("the built default agent leaves it to the loop", () => {
    expect(defaultAgent({ cwd: dir }).endWhen).toBeUndefined();
  });
});
