import type { ToolDefinition } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { checkEditedArguments } from "./edited-arguments.js";

const tool: ToolDefinition = {
  name: "mcp_fs_write_file",
  description: "",
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" } },
    required: ["path", "content"],
  },
  toolset: "mcp-fs",
};

describe("checkEditedArguments", () => {
  it("gives compact JSON for an edit that fits the schema", () => {
    expect(checkEditedArguments(tool, '{\n  "path": "a.txt",\n  "content": "hi"\n}\n')).toEqual({
      ok: true,
      json: '{"path":"a.txt","content":"hi"}',
    });
  });
  it("names a JSON mistake and each schema violation", () => {
    const broken = checkEditedArguments(tool, '{"path": "a.txt",');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(
      /^the edited arguments were not used: The arguments for tool "mcp_fs_write_file" are not valid JSON/,
    );
    const missing = checkEditedArguments(tool, '{"path": 1}');
    expect(!missing.ok && missing.message).toBe(
      "the edited arguments were not used: they do not match mcp_fs_write_file's input schema:\n- content: is required but missing\n- path: must be string, got integer",
    );
  });
});
