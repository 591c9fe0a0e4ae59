import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-reserved-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The error reading `text` written as `name` rejects with. */
function errorOf(name: string, text: string): Promise<unknown> {
  writeFileSync(join(dir, name), text);
  return readAgentFile(name, { cwd: dir, env: { PATH: "/usr/bin" } }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("a server named __proto__", () => {
  it("is refused at its key in an mcpServers file, not silently dropped", async () => {
    const error = await errorOf(
      ".mcp.json",
      '{\n  "mcpServers": {\n    "ok": { "command": "node" },\n    "__proto__": { "command": "node" }\n  }\n}\n',
    );
    expect(error).toMatchObject({ code: "INVALID" });
    expect((error as Error).message).toContain(
      '.mcp.json:4:5: mcpServers.__proto__: the server name "__proto__" cannot be used (JavaScript reserves it); rename the server',
    );
  });

  it("is refused in a Hermes YAML file too", async () => {
    const error = await errorOf("config.yaml", "mcp_servers:\n  __proto__:\n    command: node\n");
    expect((error as Error).message).toContain(
      'config.yaml:2:3: mcp_servers.__proto__: the server name "__proto__" cannot be used',
    );
  });

  it.each([
    [
      "config.toml",
      '[mcp_servers.__proto__]\ncommand = "node"\n',
      "config.toml:1:2: mcp_servers.__proto__",
    ],
    [
      "opencode.json",
      '{ "mcp": { "__proto__": { "type": "local", "command": ["node"] } } }',
      "opencode.json:1:12: mcp.__proto__",
    ],
    [
      "settings.json",
      '{ "context_servers": { "__proto__": { "command": "node" } } }',
      "settings.json:1:24: context_servers.__proto__",
    ],
    [
      "goose.yaml",
      "extensions:\n  __proto__:\n    cmd: node\n",
      "goose.yaml:2:3: extensions.__proto__",
    ],
    [
      "continue.yaml",
      "mcpServers:\n  - name: __proto__\n    command: node\n",
      "continue.yaml:2:11: mcpServers[0].name",
    ],
  ])("is refused in %s", async (name, text, where) => {
    const error = await errorOf(name, text);
    expect((error as Error).message).toContain(
      `${where}: the server name "__proto__" cannot be used (JavaScript reserves it); rename the server`,
    );
  });
});
