import { createHash } from "node:crypto";
import { TOOL_NAME_PATTERN } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import {
  baseToolName,
  disambiguatedToolName,
  sanitizeNamePart,
  shortHash,
  shortServerPart,
} from "./provider-safe-name.js";

const sha4 = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 4);

describe("sanitizeNamePart", () => {
  it("keeps letters, digits, _ and - and turns everything else into _", () => {
    expect(sanitizeNamePart("get-sum")).toBe("get-sum");
    expect(sanitizeNamePart("read_file")).toBe("read_file");
    expect(sanitizeNamePart("files.read")).toBe("files_read");
    expect(sanitizeNamePart("my server/v2")).toBe("my_server_v2");
    expect(sanitizeNamePart("über")).toBe("_ber");
  });
});

describe("baseToolName", () => {
  it("joins prefix, server and tool with _", () => {
    expect(baseToolName("mcp", "github", "list_issues")).toBe("mcp_github_list_issues");
    expect(baseToolName("mcp", "everything", "get-sum")).toBe("mcp_everything_get-sum");
    expect(baseToolName("mcp", "fs", "read_file")).toBe("mcp_fs_read_file");
    expect(baseToolName("mcp", "my.server", "a b")).toBe("mcp_my_server_a_b");
  });

  it("drops the prefix part when the prefix is empty", () => {
    expect(baseToolName("", "fs", "read_file")).toBe("fs_read_file");
  });

  it("cuts a name over 64 characters and ends it in a stable hash of the full name", () => {
    const tool = "t".repeat(100);
    const name = baseToolName("mcp", "fixture", tool);
    expect(name).toHaveLength(64);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    const full = `mcp_fixture_${tool}`;
    expect(name).toBe(`${full.slice(0, 55)}_${shortHash(full)}`);
    expect(baseToolName("mcp", "fixture", tool)).toBe(name);
  });

  it("gives two long names that share their first 55 characters different hashes", () => {
    const a = baseToolName("mcp", "fixture", `${"x".repeat(80)}_alpha`);
    const b = baseToolName("mcp", "fixture", `${"x".repeat(80)}_beta`);
    expect(a).not.toBe(b);
    expect(a.slice(0, 55)).toBe(b.slice(0, 55));
  });

  it("leaves a name of exactly 64 characters alone", () => {
    const tool = "y".repeat(64 - "mcp_s_".length);
    expect(baseToolName("mcp", "s", tool)).toBe(`mcp_s_${tool}`);
  });
});

describe("long server names", () => {
  const server = "github.com/modelcontextprotocol/servers/tree/main/src/everything";

  it("shortens the server part to 13 characters and 4 hex digits of its name", () => {
    expect(shortServerPart(server)).toBe(`github_com_mo_${sha4(server)}`);
    expect(shortServerPart("a-server-of-18-chr")).toBe("a-server-of-18-chr");
    expect(shortServerPart("my server")).toBe("my_server");
  });

  it("keeps the tool name whole and shortens the server part when the name is too long", () => {
    const name = baseToolName("mcp", server, "echo");
    expect(name).toBe(`mcp_github_com_mo_${sha4(server)}_echo`);
    const long = "get_structured_content_of_the_resource";
    expect(baseToolName("mcp", server, long)).toBe(`mcp_github_com_mo_${sha4(server)}_${long}`);
  });

  it("leaves the server whole while the name fits in 64 characters", () => {
    expect(baseToolName("mcp", "github.com/modelcontextprotocol", "echo")).toBe(
      "mcp_github_com_modelcontextprotocol_echo",
    );
  });

  it("gives two long servers that share a beginning different server parts", () => {
    const a = baseToolName("mcp", `${server}-alpha`, "echo");
    const b = baseToolName("mcp", `${server}-beta`, "echo");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^mcp_github_com_mo_[0-9a-f]{4}_echo$/);
    expect(b).toMatch(/^mcp_github_com_mo_[0-9a-f]{4}_echo$/);
  });

  it("hashes the whole name only when the tool name alone is still too long", () => {
    const tool = "t".repeat(60);
    const name = baseToolName("mcp", server, tool);
    expect(name).toHaveLength(64);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name.startsWith(`mcp_github_com_mo_${sha4(server)}_ttt`)).toBe(true);
    expect(name.endsWith(`_${shortHash(`mcp_${sanitizeNamePart(server)}_${tool}`)}`)).toBe(true);
  });
});

describe("disambiguatedToolName", () => {
  const identity = { prefix: "mcp", server: "s", tool: "a.b" };

  it("appends a hash of the tool's identity, the same every time", () => {
    const name = disambiguatedToolName("mcp_s_a_b", identity, 1);
    expect(name).toMatch(/^mcp_s_a_b_[0-9a-f]{8}$/);
    expect(disambiguatedToolName("mcp_s_a_b", identity, 1)).toBe(name);
  });

  it("differs per identity and per attempt", () => {
    const one = disambiguatedToolName("mcp_s_a_b", identity, 1);
    expect(disambiguatedToolName("mcp_s_a_b", { ...identity, tool: "a b" }, 1)).not.toBe(one);
    expect(disambiguatedToolName("mcp_s_a_b", identity, 2)).not.toBe(one);
  });

  it("stays within 64 characters when the base is already long", () => {
    const base = baseToolName("mcp", "s", "z".repeat(90));
    const name = disambiguatedToolName(base, identity, 1);
    expect(name).toHaveLength(64);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name).not.toBe(base);
  });
});
