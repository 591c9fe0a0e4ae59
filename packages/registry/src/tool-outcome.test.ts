import { describe, expect, it } from "vitest";
import type { ToolResult } from "./content.js";
import {
  abortedResult,
  interruptedResult,
  invalidArgumentsResult,
  stoppedResult,
  TOOL_ERROR_CODES,
  timedOutResult,
  toolErrorCode,
  toolFailedResult,
  unavailableResult,
  unknownToolResult,
} from "./tool-outcome.js";

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

describe("tool outcomes", () => {
  it("each builder gives an error result with its code and one text block", () => {
    const built: Array<[ToolResult, string]> = [
      [unknownToolResult("x", ["y"]), "UNKNOWN_TOOL"],
      [invalidArgumentsResult("bad"), "INVALID_ARGUMENTS"],
      [unavailableResult("t", "server down."), "UNAVAILABLE"],
      [toolFailedResult("t", new Error("boom")), "TOOL_FAILED"],
      [timedOutResult("t"), "TIMEOUT"],
      [abortedResult("t"), "ABORTED"],
      [interruptedResult("t"), "INTERRUPTED"],
    ];
    for (const [result, code] of built) {
      expect(result.isError).toBe(true);
      expect(result.code).toBe(code);
      expect(result.content).toHaveLength(1);
      expect(toolErrorCode(result)).toBe(code);
    }
    expect(built.map(([, code]) => code).sort()).toEqual([...TOOL_ERROR_CODES].sort());
  });

  it("unknownToolResult suggests close names, else lists what is available", () => {
    expect(textOf(unknownToolResult("reed_file", ["read_file", "write_file"]))).toBe(
      'Unknown tool "reed_file". Did you mean "read_file"?',
    );
    expect(textOf(unknownToolResult("zzz", ["alpha", "beta"]))).toBe(
      'Unknown tool "zzz". Available tools: alpha, beta.',
    );
    const many = Array.from({ length: 25 }, (_, index) => `tool_${index}`);
    expect(textOf(unknownToolResult("qqqqqqqqqqqq", many))).toMatch(/tool_19, … \(25 in all\)\.$/);
    expect(textOf(unknownToolResult("zzz", []))).toBe(
      'Unknown tool "zzz": no tools are available.',
    );
    expect(textOf(unknownToolResult(42, ["a"]))).toBe("Tool names are strings, got number.");
  });

  it("abortedResult names a string reason or a custom error, not the default AbortError", () => {
    const controller = new AbortController();
    controller.abort();
    expect(textOf(abortedResult("t", controller.signal.reason))).toBe('Tool "t" was cancelled.');
    expect(textOf(abortedResult("t", "user left"))).toBe('Tool "t" was cancelled: user left.');
    expect(textOf(abortedResult("t", new Error("shutdown")))).toBe(
      'Tool "t" was cancelled: shutdown.',
    );
  });

  it("stoppedResult tells a timed-out signal from an aborted one", async () => {
    const aborted = new AbortController();
    aborted.abort("stop");
    expect(stoppedResult("t", aborted.signal)).toMatchObject({ code: "ABORTED" });
    const timeout = AbortSignal.timeout(1);
    await new Promise((resolve) => timeout.addEventListener("abort", resolve));
    expect(stoppedResult("t", timeout)).toMatchObject({
      code: "TIMEOUT",
      content: [{ type: "text", text: 'Tool "t" timed out: its abort signal timed out.' }],
    });
  });

  it("toolFailedResult and timedOutResult texts", () => {
    expect(textOf(toolFailedResult("t", "plain"))).toBe('Tool "t" failed: plain');
    expect(textOf(toolFailedResult("t", new Error("")))).toBe('Tool "t" failed: (no message)');
    expect(textOf(timedOutResult("t"))).toBe('Tool "t" timed out.');
    expect(textOf(timedOutResult("t", "no answer within 5 ms."))).toBe(
      'Tool "t" timed out: no answer within 5 ms.',
    );
  });

  it("toolErrorCode is undefined for successes, a tool's own errors and unknown codes", () => {
    expect(toolErrorCode({ content: [] })).toBeUndefined();
    expect(toolErrorCode({ content: [], isError: true })).toBeUndefined();
    expect(toolErrorCode({ content: [], code: "ABORTED" })).toBeUndefined();
    expect(toolErrorCode({ content: [], isError: true, code: "NOPE" as never })).toBeUndefined();
  });
});
