// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.remove());

describe("config check on another client's file", () => {
  it("reports every bad server of a Codex config.toml and a Hermes config.yaml at once, each with its example", async () => {
    ws.write({
      ".codex/config.toml":
        '[mcp_servers.a]\ncommand = 7\n\n[mcp_servers.b]\nurl = "http://x"\ncommand = "npx"\n',
      "hermes/config.yaml":
        "max_turns: lots\nmcp_servers:\n  a:\n    command: 7\n  b:\n    args: [x]\n",
    });
    const codex = await runCli(["config", "check", ".codex/config.toml"], { cwd: ws.dir });
    expect(codex.exitCode).toBe(2);
    expect(codex.stderr).toMatch(/config\.toml:2:\d+: mcp_servers\.a\.command: expected a string/);
    expect(codex.stderr).toMatch(
      /config\.toml:4:\d+: mcp_servers\.b: has both "command" and "url"/,
    );

    const hermes = await runCli(["config", "check", "hermes/config.yaml"], { cwd: ws.dir });
    expect(hermes.exitCode).toBe(2);
    expect(hermes.stderr).toMatch(/config\.yaml:1:\d+: max_turns: expected /);
    expect(hermes.stderr).toContain("example: max_turns: 20");
    expect(hermes.stderr).toMatch(/config\.yaml:4:\d+: mcp_servers\.a\.command: expected a string/);
    expect(hermes.stderr).toMatch(/config\.yaml:6:\d+: mcp_servers\.b: has neither "command"/);
  });

  it("reports schema errors, a mistyped provider and an unset variable of one agent.json in one run", async () => {
    ws.write({
      "agent/agent.json": JSON.stringify(
        {
          model: "gpt-4.1-mini",
          provider: "opnai",
          maxTurns: "lots",
          servers: [
            { type: "stdio", command: 7 },
            { type: "http", url: 5 },
            { type: "stdio", command: "node", env: { TOKEN: "${MISSING_TOKEN}" } },
          ],
        },
        null,
        2,
      ),
    });
    const r = await runCli(["config", "check", "agent"], { cwd: ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /agent\.json:3:\d+: provider: expected a provider .*did you mean openai\?/,
    );
    expect(r.stderr).toMatch(/agent\.json:4:\d+: maxTurns: expected /);
    expect(r.stderr).toMatch(/agent\.json:\d+:\d+: servers\[0\]\.command: expected a string/);
    expect(r.stderr).toMatch(/agent\.json:\d+:\d+: servers\[1\]\.url: expected a string/);
    expect(r.stderr).toContain("a variable is not set (MISSING_TOKEN)");
    expect(r.stderr).toContain("servers[2].env.TOKEN: ${MISSING_TOKEN}");
    // The HTTP entry's example is an HTTP entry.
    const urlError = r.stderr.slice(r.stderr.indexOf("servers[1].url"));
    expect(urlError.match(/example: (.*)/)?.[1]).toMatch(/"url": "https:/);
  });
});
