import { describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { parseTomlText } from "./parse-toml.js";

const TEXT = `# Codex
model = "gpt-5"

[mcp_servers.github]
command = "npx"
args = [
  "-y",
  "@modelcontextprotocol/server-github",
]
env = { TOKEN = "ghp_secret_value", MODE = "x" }

[mcp_servers."my docs".http_headers]
Authorization = "Bearer t0ken-value"
`;

describe("parseTomlText", () => {
  it("locates table headers, keys, values, inline-table keys and quoted names", () => {
    const doc = parseTomlText("/x/config.toml", TEXT);
    expect(doc.locate(["mcp_servers", "github"])).toEqual({ line: 4, column: 2 });
    expect(doc.locate(["mcp_servers", "github", "command"], { key: true })).toEqual({
      line: 5,
      column: 1,
    });
    expect(doc.locate(["mcp_servers", "github", "command"])).toEqual({ line: 5, column: 11 });
    // An array element is located at its array (the nearest key the scanner knows).
    expect(doc.locate(["mcp_servers", "github", "args", 1])).toEqual({ line: 6, column: 8 });
    expect(doc.locate(["mcp_servers", "github", "env", "MODE"])).toEqual({ line: 10, column: 44 });
    expect(
      doc.locate(["mcp_servers", "my docs", "http_headers", "Authorization"], { key: true }),
    ).toEqual({ line: 13, column: 1 });
  });

  it("masks the file's secrets in excerpts", () => {
    const doc = parseTomlText("/x/config.toml", TEXT);
    expect(doc.source.excerpt({ line: 10, column: 1 })).not.toContain("ghp_secret_value");
    expect(doc.source.excerpt({ line: 13, column: 1 })).not.toContain("t0ken-value");
  });

  it("a syntax error is PARSE_ERROR with line:column, a caret and a Codex example", () => {
    let error: unknown;
    try {
      parseTomlText("/x/config.toml", '[mcp_servers.a]\ncommand = "npx\n');
    } catch (caught) {
      error = caught;
    }
    expect(AgentFileError.isInstance(error) && error.code).toBe("PARSE_ERROR");
    const message = (error as Error).message;
    expect(message).toMatch(/^\/x\/config\.toml:2:\d+: is not valid TOML: /);
    expect(message).toContain('  2 | command = "npx');
    expect(message).toContain("example: [mcp_servers.files]");
  });

  it("nesting past MAX_NESTING_DEPTH is the same PARSE_ERROR as in JSON and YAML", () => {
    const deep = `a = ${"[".repeat(150)}${"]".repeat(150)}\n`;
    expect(() => parseTomlText("/x/config.toml", deep)).toThrow(
      /^\/x\/config\.toml:1:\d+: nests objects and arrays more than 100 levels deep/,
    );
  });
});
