import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolDefinition } from "@tinyloop/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileChangeLines } from "./file-change-lines.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "file-change-lines-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const writeFile: ToolDefinition = {
  name: "mcp_fs_write_file",
  description: "",
  inputSchema: { type: "object" },
  toolset: "mcp-fs",
  source: { server: "fs", tool: "write_file" },
};
const call = (args: string) => ({ id: "w1", name: "mcp_fs_write_file", arguments: args });

describe("fileChangeLines", () => {
  it("gives a write over an existing file as plain diff lines, header first", () => {
    const file = join(dir, "plan.sh");
    writeFileSync(file, "echo one\necho two\n");
    const args = JSON.stringify({ path: file, content: "echo one\nrm -rf /\n" });
    expect(fileChangeLines(call(args), writeFile)).toEqual([
      `changes to ${file}`,
      "@@ -1,2 +1,2 @@",
      " echo one",
      "-echo two",
      "+rm -rf /",
    ]);
  });

  it("gives nothing for arguments that are not JSON, or a tool that writes no file", () => {
    expect(fileChangeLines(call("{not json"), writeFile)).toBeUndefined();
    const echo = { ...writeFile, name: "mcp_fs_echo", source: { server: "fs", tool: "echo" } };
    expect(fileChangeLines(call('{"path": "a", "content": "b"}'), echo)).toBeUndefined();
  });
});
