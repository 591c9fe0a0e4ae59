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
    expect(questions).toEqual([`allow mcp_fs_write_file path="a.txt"? [y]es / [n]o / [a]lways: `]);
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
      `allow mcp_fs_write_file path="a.txt"? [y]es / [n]o / [a]lways: `,
      `"what" is not an answer; type y (yes), n (no) or a (always): `,
    ]);
  });
  it("denies with how to allow it when nobody can answer", async () => {
    const approve = createApprover({ mode: "ask", ask: undefined });
    expect(await approve?.(call, tool(false), { signal })).toEqual({
      approved: false,
      reason: `not run: mcp_fs_write_file needs approval and nobody can answer here; run with --yes, or set "approval": "never" in the agent file`,
    });
  });
});
