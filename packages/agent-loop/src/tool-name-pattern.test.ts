import { describe, expect, it } from "vitest";
import { toolNameMatcher } from "./tool-name-pattern.js";

describe("toolNameMatcher", () => {
  it("matches exact names and * globs, nothing else special", () => {
    const allowed = toolNameMatcher(["mcp_fs_read_*", "mcp_fx_add", "a.b"]);
    expect(allowed("mcp_fs_read_file")).toBe(true);
    expect(allowed("mcp_fx_add")).toBe(true);
    expect(allowed("mcp_fx_add_more")).toBe(false);
    expect(allowed("a.b")).toBe(true);
    expect(allowed("axb")).toBe(false);
    expect(toolNameMatcher(["*"])("anything")).toBe(true);
    expect(toolNameMatcher([])("anything")).toBe(false);
  });
});
