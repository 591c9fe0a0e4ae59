import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readAgentFile } from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "agent-files-spellings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const URL = "https://mcp.example.com/mcp";

/** The transport type each file's one server gets (`auto` = none: Streamable HTTP with the SSE fallback). */
async function typeOf(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const agent = await readAgentFile(file, { env: {} });
  expect(agent.servers).toHaveLength(1);
  const config = agent.servers[0]?.config as { type?: string };
  return config.type ?? "auto";
}

const json = (type: string | undefined, where: string) =>
  JSON.stringify({
    mcpServers: {
      s: type === "local" ? { type, command: "x" } : { ...(type ? { type } : {}), url: URL },
    },
  }).replace("mcpServers", where);

describe("every transport spelling maps to stdio, Streamable HTTP or SSE", () => {
  it.each([
    ["http", "http"],
    ["streamable-http", "http"],
    ["streamable_http", "http"],
    ["streamableHttp", "http"],
    ["sse", "sse"],
    ["remote", "auto"],
    ["local", "stdio"],
    [undefined, "auto"],
  ])("an mcpServers entry of type %s is %s", async (type, expected) => {
    expect(await typeOf(`mcp-${type}/.mcp.json`, json(type, "mcpServers"))).toBe(expected);
  });

  it("in each client's own words", async () => {
    expect(
      await typeOf("g/.gemini/settings.json", `{ "mcpServers": { "s": { "url": "${URL}" } } }`),
    ).toBe("sse");
    expect(
      await typeOf(
        "g2/.gemini/settings.json",
        `{ "mcpServers": { "s": { "httpUrl": "${URL}" } } }`,
      ),
    ).toBe("http");
    expect(
      await typeOf("o/opencode.json", `{ "mcp": { "s": { "type": "remote", "url": "${URL}" } } }`),
    ).toBe("auto");
    expect(
      await typeOf("o2/opencode.json", `{ "mcp": { "s": { "type": "local", "command": ["x"] } } }`),
    ).toBe("stdio");
    expect(
      await typeOf("z/settings.json", `{ "context_servers": { "s": { "url": "${URL}" } } }`),
    ).toBe("auto");
    expect(await typeOf("gs/config.yaml", `extensions:\n  s: { type: sse, uri: "${URL}" }\n`)).toBe(
      "sse",
    );
    expect(
      await typeOf(
        "gh/config.yaml",
        `extensions:\n  s: { type: streamable_http, uri: "${URL}" }\n`,
      ),
    ).toBe("http");
    expect(await typeOf("gx/config.yaml", `extensions:\n  s: { type: stdio, cmd: x }\n`)).toBe(
      "stdio",
    );
    expect(
      await typeOf(
        "c/config.yaml",
        `mcpServers:\n  - { name: s, type: streamable-http, url: "${URL}" }\n`,
      ),
    ).toBe("http");
    expect(await typeOf("c2/config.yaml", `mcpServers:\n  - { name: s, url: "${URL}" }\n`)).toBe(
      "auto",
    );
    expect(await typeOf("x/.codex/config.toml", `[mcp_servers.s]\nurl = "${URL}"\n`)).toBe("http");
    expect(
      await typeOf("w/mcp_config.json", `{ "mcpServers": { "s": { "serverUrl": "${URL}" } } }`),
    ).toBe("auto");
  });
});
