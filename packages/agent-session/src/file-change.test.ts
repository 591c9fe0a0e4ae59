import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolDefinition } from "@tinyloop/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileChange } from "./file-change.js";

let dir: string;
let cwd: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "file-change-"));
  cwd = process.cwd();
});
afterEach(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

const tool = (name: string, source?: string): ToolDefinition => ({
  name,
  description: "",
  inputSchema: { type: "object" },
  toolset: "mcp-fs",
  ...(source ? { source: { server: "fs", tool: source } } : {}),
});

describe("fileChange", () => {
  it("reads a relative path from the working directory, and names the file it compared", () => {
    writeFileSync(join(dir, "a.txt"), "old\n");
    process.chdir(dir);
    expect(
      fileChange(tool("mcp_fs_write_file", "write_file"), { path: "a.txt", content: "new\n" }),
    ).toEqual({
      file: join(process.cwd(), "a.txt"),
      before: "old\n",
      after: "new\n",
      shownByDiff: ["content"],
    });
  });

  it("says why there is no diff for a folder or a missing file to edit, and shows the arguments then", () => {
    mkdirSync(join(dir, "sub"));
    const write = fileChange(tool("mcp_fs_write_file", "write_file"), {
      path: join(dir, "sub"),
      content: "x",
    });
    expect(write).toMatchObject({
      after: undefined,
      problem: `${join(dir, "sub")} is not a regular file`,
      shownByDiff: [],
    });
    const edit = fileChange(tool("mcp_fs_edit_file", "edit_file"), {
      path: join(dir, "none.txt"),
      edits: [{ oldText: "a", newText: "b" }],
    });
    expect(edit).toMatchObject({ problem: "the file does not exist", shownByDiff: [] });
  });

  it("knows the tools by their name on the server, else by the registered name's end; others get none", () => {
    const args = { path: join(dir, "n.txt"), content: "x" };
    expect(fileChange(tool("renamed", "write_file"), args)?.before).toBeUndefined();
    expect(fileChange(tool("mcp_files_write_file"), args)?.after).toBe("x");
    expect(fileChange(tool("mcp_fs_read_file", "read_file"), args)).toBeUndefined();
    expect(
      fileChange(tool("mcp_fs_write_file", "write_file"), { path: 3, content: "x" }),
    ).toBeUndefined();
  });
});
