import { describe, expect, it } from "vitest";
import { detectJsonFormat, detectTomlFormat, detectYamlFormat, syntaxOf } from "./detect-format.js";

describe("syntaxOf", () => {
  it("goes by the extension, and by the first line when there is none", () => {
    expect(syntaxOf("/a/config.toml", "{")).toBe("toml");
    expect(syntaxOf("/a/config.yml", "{}")).toBe("yaml");
    expect(syntaxOf("/a/opencode.jsonc", "x: 1")).toBe("json");
    expect(syntaxOf("/a/config", "# c\n[mcp_servers.a]\n")).toBe("toml");
    expect(syntaxOf("/a/config", "extensions:\n  a: {}\n")).toBe("yaml");
    expect(syntaxOf("/a/config", '{ "mcpServers": {} }')).toBe("json");
  });
});

describe("detecting a client's file", () => {
  it("by its place and name", () => {
    expect(detectJsonFormat("/p/.gemini/settings.json", {})).toEqual({
      format: "gemini",
      byName: true,
    });
    expect(detectJsonFormat("/p/opencode.jsonc", {})).toEqual({ format: "opencode", byName: true });
    expect(detectJsonFormat("/h/.config/opencode/config.json", {})).toEqual({
      format: "opencode",
      byName: true,
    });
    expect(detectJsonFormat("/h/.config/zed/settings.json", {})).toEqual({
      format: "zed",
      byName: true,
    });
    expect(detectYamlFormat("/h/.config/goose/config.yaml", {})).toEqual({
      format: "goose",
      byName: true,
    });
    expect(detectYamlFormat("/p/.continue/mcpServers/a.yaml", {})).toEqual({
      format: "continue",
      byName: true,
    });
    expect(detectTomlFormat("/h/.codex/config.toml")).toEqual({ format: "codex", byName: true });
  });

  it("by its content under any name", () => {
    const gemini = { mcpServers: { a: { httpUrl: "https://x.example.com/mcp" } } };
    expect(detectJsonFormat("/p/team.json", gemini)).toMatchObject({ format: "gemini" });
    expect(detectJsonFormat("/p/team.json", { mcpServers: { a: { command: "x" } } })).toEqual({
      format: "mcp-servers",
      at: ["mcpServers"],
    });
    expect(detectJsonFormat("/p/team.json", { context_servers: {} })).toMatchObject({
      format: "zed",
    });
    expect(detectJsonFormat("/p/team.json", { mcp: { a: { type: "local" } } })).toMatchObject({
      format: "opencode",
    });
    expect(detectJsonFormat("/p/settings.json", { mcp: { servers: {} } })).toEqual({
      format: "vscode",
      at: ["mcp", "servers"],
    });
    expect(detectYamlFormat("/p/team.yaml", { extensions: {} })).toMatchObject({
      format: "goose",
    });
    expect(detectYamlFormat("/p/team.yaml", { mcpServers: [] })).toMatchObject({
      format: "continue",
    });
    expect(detectYamlFormat("/p/team.yaml", { mcp_servers: {} })).toMatchObject({
      format: "hermes",
    });
  });

  it("an mcpServers file of Claude, Cursor or Windsurf is not taken for Gemini's", () => {
    for (const file of [
      "/p/.cursor/mcp.json",
      "/h/.codeium/windsurf/mcp_config.json",
      "/p/.mcp.json",
    ])
      expect(detectJsonFormat(file, { mcpServers: {} })).toMatchObject({ format: "mcp-servers" });
  });
});
