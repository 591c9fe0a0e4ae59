import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolDefinition } from "@tinyloop/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolCallView } from "./tool-call-view.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tool-call-view-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fsTool = (tool: string): ToolDefinition => ({
  name: `mcp_fs_${tool}`,
  description: "",
  inputSchema: { type: "object" },
  toolset: "mcp-fs",
  source: { server: "fs", tool },
});
const other: ToolDefinition = {
  ...fsTool("run"),
  name: "mcp_sh_run",
  source: { server: "sh", tool: "run" },
};
const call = (name: string, args: unknown) => ({ id: "1", name, arguments: JSON.stringify(args) });
const script = Array.from({ length: 30 }, (_, i) => `line${i + 1} harmless`)
  .concat("rm -rf /")
  .join("\n");

describe("toolCallView", () => {
  it("shows a 31-line write to a new file as a diff, its last line included", () => {
    const path = join(dir, "plan.sh");
    const view = toolCallView(
      call("mcp_fs_write_file", { path, content: script }),
      fsTool("write_file"),
    );
    expect(view.lines).toEqual([
      "mcp_fs_write_file wants to run with:",
      `  path: ${JSON.stringify(path)}`,
      "  content: (shown as the diff below)",
      `new file ${path} (31 lines)`,
      "@@ -0,0 +1,31 @@",
      ...script.split("\n").map((line) => `+${line}`),
      "\\ No newline at end of file",
    ]);
    expect(view.folded).toBe(false);
    expect(view.fitsOneLine).toBe(false);
  });

  it("diffs a write against the file as it is now", () => {
    const path = join(dir, "notes.md");
    writeFileSync(path, "a\nb\nc\n");
    const view = toolCallView(
      call("mcp_fs_write_file", { path, content: "a\nB\nc\n" }),
      fsTool("write_file"),
    );
    expect(view.lines.slice(3)).toEqual([
      `changes to ${path}`,
      "@@ -1,3 +1,3 @@",
      " a",
      "-b",
      "+B",
      " c",
    ]);
  });

  it("applies edit_file's edits to the current file for the diff, and says when one does not fit", () => {
    const path = join(dir, "config.txt");
    writeFileSync(path, "mode=safe\nlevel=1\n");
    const edit = (oldText: string) =>
      call("mcp_fs_edit_file", { path, edits: [{ oldText, newText: "mode=danger" }] });
    expect(toolCallView(edit("mode=safe"), fsTool("edit_file")).lines.slice(2)).toEqual([
      "  edits: (shown as the diff below)",
      `changes to ${path}`,
      "@@ -1,2 +1,2 @@",
      "-mode=safe",
      "+mode=danger",
      " level=1",
    ]);
    const missing = toolCallView(edit("mode=other"), fsTool("edit_file")).lines;
    expect(missing).toContain(
      `no diff for ${path}: edits[0].oldText is not in the file as written (the server may match it loosely)`,
    );
    // Without a diff the edits themselves are shown in full.
    expect(missing.join("\n")).toContain(`"oldText": "mode=other"`);
  });

  it("folds a long value to its head and tail, and shows everything with full", () => {
    const view = toolCallView(call("mcp_sh_run", { command: script }), other);
    expect(view.folded).toBe(true);
    expect(view.lines).toEqual([
      "mcp_sh_run wants to run with:",
      "  command: (31 lines)",
      ...script
        .split("\n")
        .slice(0, 6)
        .map((line) => `    │ ${line}`),
      "    … 19 lines folded (answer v to see them all) …",
      ...script
        .split("\n")
        .slice(-6)
        .map((line) => `    │ ${line}`),
    ]);
    const full = toolCallView(call("mcp_sh_run", { command: script }), other, { full: true });
    expect(full.folded).toBe(false);
    expect(full.lines).toHaveLength(2 + 31);
  });

  it("escapes control characters so a value cannot move the cursor", () => {
    const view = toolCallView(call("mcp_sh_run", { command: "ok\n\u001b[2Khidden" }), other);
    expect(view.lines.at(-1)).toBe("    │ \\x1b[2Khidden");
  });

  it("says a short call fits its one-line form", () => {
    expect(toolCallView(call("mcp_sh_run", { a: 20, b: 22 }), other).fitsOneLine).toBe(true);
    expect(toolCallView(call("mcp_sh_run", { text: "x".repeat(40) }), other).fitsOneLine).toBe(
      false,
    );
  });
});
