import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const write = (name: string, text: string) => {
  dir ??= mkdtempSync(join(tmpdir(), "agent-files-foreign-entry-"));
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};
const messageOf = async (file: string) =>
  ((await readAgentFile(file, { env: {} }).catch((e: unknown) => e)) as Error).message;

// One server entry that is not a map, in each format that reads entries through readEntryAt.
const NOT_A_MAP = [
  {
    format: "codex",
    file: ".codex/config.toml",
    text: `[mcp_servers]\nfiles = "npx server-filesystem"\n`,
    says: `mcp_servers.files: expected a table ([mcp_servers.NAME] with command or url), got a string`,
  },
  {
    format: "gemini",
    file: ".gemini/settings.json",
    text: `{ "mcpServers": { "files": 7 } }`,
    says: "mcpServers.files: expected a server object, got a number (7)",
  },
  {
    format: "opencode",
    file: "opencode.json",
    text: `{ "mcp": { "files": [] } }`,
    says: "mcp.files: expected a server object, got an empty list",
  },
  {
    format: "zed",
    file: ".config/zed/settings.json",
    text: `{ "context_servers": { "files": true } }`,
    says: "context_servers.files: expected a server object, got a boolean (true)",
  },
  {
    format: "goose",
    file: ".config/goose/config.yaml",
    text: "extensions:\n  files: npx\n",
    says: `extensions.files: expected an extension mapping, got a string ("npx")`,
  },
  {
    format: "continue",
    file: ".continue/config.yaml",
    text: "mcpServers:\n  - npx\n",
    says: `mcpServers[0]: expected a server mapping, got a string ("npx")`,
  },
];

describe("a foreign format's server entry (readEntryAt)", () => {
  for (const { format, file, text, says } of NOT_A_MAP) {
    it(`${format}: an entry that is not a map names what was expected, with an example`, async () => {
      const message = await messageOf(write(file, text));
      expect(message).toContain(says);
      expect(message).toContain("example:");
    });
  }

  it("a servers table that is not a map names what was expected, with the file's example", async () => {
    const gemini = await messageOf(write(".gemini/settings.json", `{ "mcpServers": ["files"] }`));
    expect(gemini).toContain("mcpServers: expected an object of servers, got a list");
    expect(gemini).toContain("example:");
    const codex = await messageOf(write(".codex/config.toml", `mcp_servers = 3\n`));
    expect(codex).toContain(
      "mcp_servers: expected a table of servers ([mcp_servers.NAME]), got a number (3)",
    );
  });

  it("checks the entry after the format's own substitutions, and warns of its unknown keys", async () => {
    const file = write(
      "opencode.json",
      `{ "mcp": { "docs": { "type": "remote", "url": "{env:DOCS_URL}", "colour": "red" } } }`,
    );
    const agent = await readAgentFile(file, { env: { DOCS_URL: "https://docs.example.com/mcp" } });
    expect(agent.servers[0]?.config).toMatchObject({ url: "https://docs.example.com/mcp" });
    expect(agent.warnings.map((w) => w.message)).toEqual([
      `unknown key "colour" in mcp.docs, ignored`,
    ]);
  });
});
