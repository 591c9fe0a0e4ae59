import type { ToolDefinition } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { createApprover } from "./ask-approval.js";

const call = { id: "1", name: "mcp_fs_write_file", arguments: `{"path":"a.txt"}` };
const tool = (readOnlyHint?: boolean): ToolDefinition => ({
  name: call.name,
  description: "",
  inputSchema: { type: "object" },
  toolset: "mcp-fs",
  ...(readOnlyHint === undefined ? {} : { annotations: { readOnlyHint } }),
});
const signal = new AbortController().signal;

describe("createApprover", () => {
  it("never asks in mode never", () => {
    expect(createApprover({ mode: "never", ask: undefined })).toBeUndefined();
  });
  it("lets read-only tools through and asks for the others", async () => {
    const questions: string[] = [];
    const approve = createApprover({
      mode: "ask",
      ask: async (q) => {
        questions.push(q);
        return "n";
      },
    });
    expect(await approve?.(call, tool(true), { signal })).toBe(true);
    expect(await approve?.(call, tool(), { signal })).toEqual({
      approved: false,
      reason: "denied by the user",
    });
    expect(questions).toEqual([
      `allow mcp_fs_write_file path="a.txt"? [y]es / [n]o / [a]lways / [v]iew: `,
    ]);
  });
  it("remembers always, and asks again after an answer it does not know, saying what is accepted", async () => {
    const answers = ["what", "a"];
    const questions: string[] = [];
    const approve = createApprover({
      mode: "always",
      ask: async (q) => {
        questions.push(q);
        return answers.shift();
      },
    });
    expect(await approve?.(call, tool(true), { signal })).toBe(true);
    expect(await approve?.(call, tool(true), { signal })).toBe(true);
    expect(questions).toEqual([
      `allow mcp_fs_write_file path="a.txt"? [y]es / [n]o / [a]lways / [v]iew: `,
      `"what" is not an answer; type y (yes), n (no), a (always), v (view): `,
    ]);
  });
  it("denies with how to allow it when nobody can answer: the file's setting, or the caller's hint", async () => {
    const approve = createApprover({ mode: "ask", ask: undefined });
    expect(await approve?.(call, tool(false), { signal })).toEqual({
      approved: false,
      reason: `not run: mcp_fs_write_file needs approval and nobody can answer here; set "approval": "never" in the agent file`,
    });
    const hinted = createApprover({
      mode: "ask",
      ask: undefined,
      howToAllow: `run with --yes, or set "approval": "never" in the agent file`,
    });
    expect(await hinted?.(call, tool(false), { signal })).toEqual({
      approved: false,
      reason: `not run: mcp_fs_write_file needs approval and nobody can answer here; run with --yes, or set "approval": "never" in the agent file`,
    });
  });

  it("shows a long call whole above the question, everything on v, and runs an edit once it is valid", async () => {
    const script = Array.from({ length: 30 }, (_, i) => `echo ${i}`)
      .concat("rm -rf /")
      .join("\n");
    const run: ToolDefinition = {
      name: "mcp_sh_run",
      description: "",
      inputSchema: {
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"],
      },
      toolset: "mcp-sh",
    };
    const shown: string[] = [];
    const questions: string[] = [];
    const answers = ["v", "e", "e", "y"];
    const edits = ['{"command": 1}', '{"command": "echo safe"}'];
    const approve = createApprover({
      mode: "ask",
      ask: async (q) => {
        questions.push(q);
        return answers.shift();
      },
      show: (text) => shown.push(text),
      editArguments: async (json) => {
        expect(JSON.parse(json)).toEqual({ command: script });
        return edits.shift();
      },
    });
    const decision = await approve?.(
      { id: "1", name: "mcp_sh_run", arguments: JSON.stringify({ command: script }) },
      run,
      { signal },
    );
    expect(decision).toEqual({ approved: true, arguments: `{"command":"echo safe"}` });
    // First folded (head and tail: the last line is there), then all of it on v.
    expect(shown[0]).toContain("│ rm -rf /");
    expect(shown[0]).toContain("… 19 lines folded (answer v to see them all) …");
    expect(shown[1]).toContain("│ echo 15");
    expect(shown[1]).not.toContain("folded");
    // The bad edit is refused saying why; the good one is shown again before the yes.
    expect(questions[2]).toBe(
      "the edited arguments were not used: they do not match mcp_sh_run's input schema:\n- command: must be string, got integer\nEdit them again (e) to fix this, or answer y or n for the arguments shown before.\nallow mcp_sh_run as shown before? [y]es / [n]o / [a]lways / [v]iew / [e]dit: ",
    );
    expect(shown[2]).toContain(`command: "echo safe"`);
    expect(questions[3]).toBe(
      "allow mcp_sh_run with your edited arguments (shown above)? [y]es / [n]o / [a]lways / [v]iew / [e]dit: ",
    );
  });
});
