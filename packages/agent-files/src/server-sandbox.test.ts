import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-sandbox-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reads `text` written as `name` in a fresh folder. */
async function read(name: string, text: string) {
  writeFileSync(join(dir, name), text);
  return readAgentFile(name, { cwd: dir, env: { PATH: "/usr/bin" } });
}

/** The error reading `agent.json` with one stdio server holding `sandbox` throws. */
async function errorOf(sandbox: unknown): Promise<AgentFileError> {
  const text = JSON.stringify({ servers: [{ type: "stdio", command: "node", sandbox }] });
  const error = await read("agent.json", text).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!AgentFileError.isInstance(error)) throw new Error("expected an AgentFileError");
  return error;
}

describe("sandbox of a server entry", () => {
  it("reaches mcp-transport's config unchanged, in the flat and the nested form, with no warning", async () => {
    const policy = { allowHosts: ["@npm"], allowWrite: ["~/.npm"], denyRead: ["/srv/keys"] };
    const agent = await read(
      "agent.json",
      JSON.stringify({
        servers: [
          { type: "stdio", command: "npx", args: ["-y", "pkg"], sandbox: policy },
          { type: "stdio", config: { command: "node" }, sandbox: true },
          { type: "stdio", command: "uvx", args: ["tool"] },
        ],
      }),
    );
    expect(agent.servers.map((s) => s.config.type === "stdio" && s.config.sandbox)).toEqual([
      policy,
      true,
      undefined,
    ]);
    expect(agent.warnings).toEqual([]);
  });

  it("is read in an mcpServers file too, beside tinyloop's other keys", async () => {
    const agent = await read(
      ".mcp.json",
      JSON.stringify({ mcpServers: { files: { command: "node", sandbox: false } } }),
    );
    expect(agent.servers[0]?.config).toMatchObject({ sandbox: false });
    expect(agent.warnings).toEqual([]);
  });

  it("rejects a value the transport's schema rejects, pointing at the key with a right form", async () => {
    const word = await errorOf("yes");
    expect(word.message).toContain(
      'servers[0].sandbox: expected true, false or a policy { allowRead, denyRead, allowWrite, allowHosts } (example: sandbox: { allowHosts: ["@npm"] }), got a string ("yes")',
    );
    expect(word.path).toBe("servers[0].sandbox");
    // At the value in the file (1-based), not at the server entry.
    const text = JSON.stringify({ servers: [{ type: "stdio", command: "node", sandbox: "yes" }] });
    expect(word.column).toBe(text.indexOf('"yes"') + 1);
    const relative = await errorOf({ allowWrite: ["notes"] });
    expect(relative.message).toContain(
      'servers[0].sandbox.allowWrite[0]: must be an absolute folder or start with "~/" (e.g. "/srv/data" or "~/notes"), got a string ("notes")',
    );
    const host = await errorOf({ allowHosts: ["@cargo"] });
    expect(host.message).toContain("servers[0].sandbox.allowHosts[0]: must be a host name");
    expect(host.message).toContain("a preset (@npm, @pypi)");
    const unknown = await errorOf({ allowNet: true });
    expect(unknown.message).toContain("allowNet");
  });

  it("is an error on a server reached by url, saying what it confines instead", async () => {
    const error = await read(
      ".mcp.json",
      JSON.stringify({ mcpServers: { remote: { url: "https://example.com/mcp", sandbox: true } } }),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect((error as AgentFileError).message).toContain(
      'mcpServers.remote.sandbox: a server reached by "url" runs elsewhere, so tinyloop has no process of it to confine: remove "sandbox" here',
    );
  });
});
