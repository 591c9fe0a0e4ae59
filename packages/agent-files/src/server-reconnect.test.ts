import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-reconnect-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reads `text` written as `name` in a fresh folder. */
async function read(name: string, text: string) {
  writeFileSync(join(dir, name), text);
  return readAgentFile(name, { cwd: dir, env: { PATH: "/usr/bin" } });
}

/** An `.mcp.json` with one server `files` holding `extra` beside its command. */
const mcpJson = (extra: Record<string, unknown>) =>
  JSON.stringify({ mcpServers: { files: { command: "node", args: ["s.js"], ...extra } } });

/** The message of the error reading `.mcp.json` with `extra` throws. */
async function errorOf(extra: Record<string, unknown>): Promise<string> {
  const error = await read(".mcp.json", mcpJson(extra)).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!AgentFileError.isInstance(error)) throw new Error("expected an AgentFileError");
  return error.message;
}

describe("reconnect and pingInterval of a server entry", () => {
  it("map to mcp-transport's reconnect and pingIntervalMs, seconds → ms, with no warning", async () => {
    const agent = await read(
      ".mcp.json",
      mcpJson({
        reconnect: { initialRetries: 1, sessionRetries: 0, baseDelay: 0.25, maxDelay: 4 },
        pingInterval: 15,
      }),
    );
    expect(agent.servers[0]?.config).toMatchObject({
      reconnect: { initialRetries: 1, sessionRetries: 0, baseDelayMs: 250, maxDelayMs: 4000 },
      pingIntervalMs: 15_000,
    });
    expect(agent.warnings).toEqual([]);
  });

  it("reconnect: false turns every retry off; true keeps the transport's defaults", async () => {
    const off = await read(".mcp.json", mcpJson({ reconnect: false }));
    expect(off.servers[0]?.config.reconnect).toEqual({ initialRetries: 0, sessionRetries: 0 });
    const on = await read(".mcp.json", mcpJson({ reconnect: true }));
    expect(on.servers[0]?.config).not.toHaveProperty("reconnect");
    expect(on.servers[0]?.config).not.toHaveProperty("pingIntervalMs");
  });

  it("are read in Hermes YAML and in tiny-agents' nested form too", async () => {
    const hermes = await read(
      "config.yaml",
      "mcp_servers:\n  files:\n    command: node\n    reconnect:\n      sessionRetries: 2\n    pingInterval: 0.5\n",
    );
    expect(hermes.servers[0]?.config).toMatchObject({
      reconnect: { sessionRetries: 2 },
      pingIntervalMs: 500,
    });
    expect(hermes.warnings).toEqual([]);

    const nested = await read(
      "agent.json",
      JSON.stringify({
        model: "m",
        servers: [{ type: "stdio", config: { command: "node" }, reconnect: false }],
      }),
    );
    expect(nested.servers[0]?.config.reconnect).toEqual({ initialRetries: 0, sessionRetries: 0 });
    expect(nested.warnings).toEqual([]);
  });

  it("warn about a key of reconnect they do not know, and about the transport's ms spellings", async () => {
    const agent = await read(
      ".mcp.json",
      mcpJson({ reconnect: { sesionRetries: 0, baseDelayMs: 10 }, pingIntervalMs: 1000 }),
    );
    expect(agent.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'mcpServers.files.pingIntervalMs: ignored: agent files give "pingInterval" in seconds',
      'mcpServers.files.reconnect.sesionRetries: unknown key "sesionRetries" in mcpServers.files.reconnect, ignored; did you mean "sessionRetries"?',
      'mcpServers.files.reconnect.baseDelayMs: ignored: agent files give "baseDelay" in seconds',
    ]);
  });

  it("reject a bad value naming the key, the value and a right form", async () => {
    expect(await errorOf({ reconnect: { sessionRetries: -1 } })).toContain(
      "mcpServers.files.reconnect.sessionRetries: expected 0 or more retries (0 turns them off), got a number (-1)",
    );
    expect(await errorOf({ reconnect: { sessionRetries: 1.5 } })).toContain(
      "mcpServers.files.reconnect.sessionRetries: expected a whole number, got a number (1.5)",
    );
    expect(await errorOf({ reconnect: { maxDelay: "10s" } })).toContain(
      'mcpServers.files.reconnect.maxDelay: expected a number, got a string ("10s")',
    );
    const notObject = await errorOf({ reconnect: "off" });
    expect(notObject).toContain(
      'mcpServers.files.reconnect: expected false (no retries), true (the defaults) or an object of retries and delays, got a string ("off")',
    );
    expect(notObject).toContain('example: "reconnect": { "sessionRetries": 0 }');
    const ping = await errorOf({ pingInterval: 0 });
    expect(ping).toContain(
      "mcpServers.files.pingInterval: expected more than 0 seconds (leave the key out for no pings), got a number (0)",
    );
    expect(ping).toContain('example: "pingInterval": 30');
  });
});
