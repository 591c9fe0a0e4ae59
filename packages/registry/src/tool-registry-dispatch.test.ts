import { describe, expect, it } from "vitest";
import { echo, readFile, textOf, tool } from "./__fixtures__/tools.js";
import type { ToolResult } from "./content.js";
import { type SchemaProblem, ToolRegistry } from "./tool-registry.js";

describe("ToolRegistry.dispatch", () => {
  it("validates, calls the handler with the arguments and the context, and wraps a string", async () => {
    const registry = new ToolRegistry();
    const received: unknown[] = [];
    registry.register(readFile, (args, context) => {
      received.push(args, context.callId);
      return `contents of ${String(args.path)}`;
    });
    const result = await registry.dispatch("read_file", { path: "a.txt" }, { callId: "call_1" });
    expect(result).toEqual({ content: [{ type: "text", text: "contents of a.txt" }] });
    expect(received).toEqual([{ path: "a.txt" }, "call_1"]);
  });

  it("accepts the raw JSON text a model produced", async () => {
    const registry = new ToolRegistry();
    registry.register(readFile, echo);
    expect(textOf(await registry.dispatch("read_file", '{"path": "b.txt", "limit": 3}'))).toBe(
      '{"path":"b.txt","limit":3}',
    );
  });

  it("gives the handler a context object even when none is passed", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("ctx"), (_args, context) => `signal: ${String(context.signal)}`);
    expect(textOf(await registry.dispatch("ctx", {}))).toBe("signal: undefined");
  });

  it("passes progress reports through to the caller", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("work"), async (_args, { onProgress }) => {
      onProgress?.({ progress: 1, total: 2, message: "half" });
      onProgress?.({ progress: 2, total: 2 });
      return "done";
    });
    const progress: unknown[] = [];
    await registry.dispatch("work", {}, { onProgress: (report) => progress.push(report) });
    expect(progress).toEqual([
      { progress: 1, total: 2, message: "half" },
      { progress: 2, total: 2 },
    ]);
  });

  it("answers an unknown tool with the closest registered names", async () => {
    const registry = new ToolRegistry();
    registry.register(readFile, echo);
    registry.register(tool("write_file"), echo);
    registry.register(tool("list_directory"), echo);
    const result = await registry.dispatch("read_files", {});
    expect(result).toEqual({
      content: [{ type: "text", text: 'Unknown tool "read_files". Did you mean "read_file"?' }],
      isError: true,
      code: "UNKNOWN_TOOL",
    });
    registry.register(tool("read_file2"), echo);
    expect(textOf(await registry.dispatch("read_flie", {}))).toBe(
      'Unknown tool "read_flie". Did you mean "read_file" or "read_file2"?',
    );
    expect(textOf(await registry.dispatch("launch_rocket", {}))).toBe(
      'Unknown tool "launch_rocket". Available tools: read_file, write_file, list_directory, read_file2.',
    );
    expect(textOf(await new ToolRegistry().dispatch("x", {}))).toBe(
      'Unknown tool "x": no tools are available.',
    );
  });

  it("quotes the JSON parse error and where it happened, without calling the handler", async () => {
    const registry = new ToolRegistry();
    let calls = 0;
    registry.register(readFile, () => {
      calls++;
      return "";
    });
    const result = await registry.dispatch("read_file", '{"path": "a.txt"');
    expect(result).toMatchObject({ isError: true, code: "INVALID_ARGUMENTS" });
    expect(textOf(result)).toMatch(
      /^The arguments for tool "read_file" are not valid JSON: .+\. At line 1, column 17 \(offset 16\): \{"path": "a\.txt"⟪here⟫ Send one JSON object/,
    );
    expect(calls).toBe(0);
  });

  it("lists every schema violation on its own line with its path", async () => {
    const registry = new ToolRegistry();
    registry.register(readFile, echo);
    const result = await registry.dispatch("read_file", { limit: 0, force: true });
    expect(result).toEqual({
      content: [
        {
          type: "text",
          text: [
            'Invalid arguments for tool "read_file":',
            "- path: is required but missing",
            "- force: is not an allowed property (allowed: path, limit)",
            "- limit: must be >= 1",
            "Fix the arguments to match the tool's input schema and call it again.",
          ].join("\n"),
        },
      ],
      isError: true,
      code: "INVALID_ARGUMENTS",
    });
  });

  it("validates against both draft-07 and 2020-12 schemas", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool("draft7", "s", {
        inputSchema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          definitions: { id: { type: "string", pattern: "^[a-z]+$" } },
          properties: { ids: { type: "array", items: [{ $ref: "#/definitions/id" }] } },
        },
      }),
      echo,
    );
    registry.register(
      tool("draft2020", "s", {
        inputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          $defs: { id: { type: "string", pattern: "^[a-z]+$" } },
          properties: { ids: { type: "array", prefixItems: [{ $ref: "#/$defs/id" }] } },
        },
      }),
      echo,
    );
    for (const name of ["draft7", "draft2020"]) {
      expect((await registry.dispatch(name, { ids: ["abc", 1] })).isError).toBeUndefined();
      expect(textOf(await registry.dispatch(name, { ids: ["ABC"] }))).toContain(
        '- ids[0]: must match pattern "^[a-z]+$"',
      );
    }
  });

  it("compiles each tool's validator once and reuses it", async () => {
    const registry = new ToolRegistry();
    let reads = 0;
    const inputSchema = {
      type: "object",
      get properties() {
        reads++; // Ajv reads the schema while compiling; validating valid input never does
        return { n: { type: "number" } };
      },
    };
    registry.register(tool("counted", "s", { inputSchema }), echo);
    await registry.dispatch("counted", { n: 1 });
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await registry.dispatch("counted", { n: i });
    expect(reads).toBe(afterFirst);
    expect((await registry.dispatch("counted", { n: "x" })).isError).toBe(true);
  });

  it("runs a tool whose schema cannot be compiled without validation, and says so once", async () => {
    const problems: SchemaProblem[] = [];
    const registry = new ToolRegistry({ onSchemaProblem: (problem) => problems.push(problem) });
    registry.register(
      tool("broken", "s", {
        inputSchema: { type: "object", properties: { a: { $ref: "#/nowhere" } } },
      }),
      echo,
    );
    expect(await registry.dispatch("broken", { a: 1 })).toEqual({
      content: [{ type: "text", text: '{"a":1}' }],
    });
    await registry.dispatch("broken", {});
    expect(problems).toEqual([
      {
        tool: "broken",
        message: expect.stringMatching(
          /^The input schema of tool "broken" cannot be compiled \(.*can't resolve reference.*\); its arguments are passed through unvalidated\.$/,
        ),
      },
    ]);
  });

  it("turns a throwing handler into its message, without a stack trace", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("explode"), () => {
      throw new Error("ENOENT: no such file 'x'");
    });
    const result = await registry.dispatch("explode", {});
    expect(result).toEqual({
      content: [{ type: "text", text: "Tool \"explode\" failed: ENOENT: no such file 'x'" }],
      isError: true,
      code: "TOOL_FAILED",
    });
  });

  it("passes a handler's own ToolResult through", async () => {
    const registry = new ToolRegistry();
    const own: ToolResult = {
      content: [
        { type: "text", text: "see attached" },
        {
          type: "resource",
          resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hi" },
        },
        { type: "resource_link", uri: "file:///b.bin", name: "b.bin" },
      ],
      structuredContent: { count: 2 },
    };
    registry.register(tool("rich"), async () => own);
    expect(await registry.dispatch("rich", {})).toBe(own);
  });

  it("answers cancelled when the signal aborts mid-call, and the handler sees the abort", async () => {
    const registry = new ToolRegistry();
    let handlerSawAbort = false;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    registry.register(tool("sleep"), (_args, { signal }) => {
      started();
      return new Promise<string>((resolve) => {
        signal?.addEventListener("abort", () => {
          handlerSawAbort = true;
          setTimeout(() => resolve("woke up"), 50);
        });
      });
    });
    const controller = new AbortController();
    const pending = registry.dispatch("sleep", {}, { signal: controller.signal });
    await handlerStarted;
    controller.abort();
    expect(await pending).toEqual({
      content: [{ type: "text", text: 'Tool "sleep" was cancelled.' }],
      isError: true,
      code: "ABORTED",
    });
    expect(handlerSawAbort).toBe(true);
  });

  it("answers cancelled without calling the handler when the signal aborted before dispatch", async () => {
    const registry = new ToolRegistry();
    let calls = 0;
    registry.register(tool("t"), () => {
      calls++;
      return "ran";
    });
    const result = await registry.dispatch(
      "t",
      {},
      { signal: AbortSignal.abort("user stopped the run") },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: 'Tool "t" was cancelled: user stopped the run.' }],
      isError: true,
      code: "ABORTED",
    });
    expect(calls).toBe(0);
  });

  it("dispatchCall hands back the arguments the handler received, double-encoded ones decoded", async () => {
    const registry = new ToolRegistry();
    registry.register(readFile, (args) => `read ${String(args.path)}`);
    const doubleEncoded = JSON.stringify(JSON.stringify({ path: "a.txt" }));
    const call = await registry.dispatchCall("read_file", doubleEncoded);
    expect(call).toEqual({
      result: { content: [{ type: "text", text: "read a.txt" }] },
      args: { path: "a.txt" },
    });
    const invalid = await registry.dispatchCall("read_file", { limit: "x" });
    expect(invalid.result.code).toBe("INVALID_ARGUMENTS");
    expect(invalid.args).toEqual({ limit: "x" });
    expect((await registry.dispatchCall("read_file", "{oops")).args).toBeUndefined();
    expect((await registry.dispatchCall("nope", {})).args).toBeUndefined();
  });

  it("never rejects, whatever it is given", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("t"), echo);
    for (const none of [undefined, null, "  "]) {
      expect(await registry.dispatch("t", none)).toEqual({
        content: [{ type: "text", text: "{}" }],
      });
    }
    const refused: Array<[unknown, RegExp]> = [
      [5, /must be a JSON object, got a number \(5\)/],
      ["nope", /are not valid JSON/],
      [[1], /must be a JSON object, got a list/],
      [Symbol("s"), /must be a JSON object, got a symbol/],
    ];
    for (const [args, message] of refused) {
      const result = await registry.dispatch("t", args);
      expect(result).toMatchObject({ isError: true, code: "INVALID_ARGUMENTS" });
      expect(textOf(result)).toMatch(message);
    }
    await expect(registry.dispatch(42 as never, {})).resolves.toMatchObject({
      isError: true,
      code: "UNKNOWN_TOOL",
    });
    await expect(registry.dispatch("t", {}, null as never)).resolves.toEqual({
      content: [{ type: "text", text: "{}" }],
    });
  });

  it("runs 100 dispatches in parallel exactly like 100 alone", async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool("square", "math", {
        inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      }),
      async (args, { callId }) => {
        const n = args.n as number;
        await new Promise((resolve) => setTimeout(resolve, (n * 7) % 13)); // finish out of order
        return {
          content: [{ type: "text", text: `${callId}=${n * n}` }],
          structuredContent: { n },
        };
      },
    );
    const controller = new AbortController();
    const calls = Array.from({ length: 100 }, (_, n) =>
      n % 10 === 9
        ? registry.dispatch("square", `{"n": "bad${n}"}`, {
            callId: `c${n}`,
            signal: controller.signal,
          })
        : registry.dispatch("square", n % 2 ? { n } : `{"n": ${n}}`, {
            callId: `c${n}`,
            signal: controller.signal,
          }),
    );
    const results = await Promise.all(calls);
    results.forEach((result, n) => {
      if (n % 10 === 9) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain("- n: must be integer, got string");
      } else {
        expect(result).toEqual({
          content: [{ type: "text", text: `c${n}=${n * n}` }],
          structuredContent: { n },
        });
      }
    });
  });
});
