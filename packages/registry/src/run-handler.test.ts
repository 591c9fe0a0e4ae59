import { describe, expect, it } from "vitest";
import { runHandler } from "./run-handler.js";

describe("runHandler", () => {
  it("wraps a returned string as one text block, sync or async", async () => {
    expect(runHandler("t", () => "hi", {}, {})).toEqual({
      content: [{ type: "text", text: "hi" }],
    });
    await expect(runHandler("t", async () => "later", {}, {})).resolves.toEqual({
      content: [{ type: "text", text: "later" }],
    });
  });

  it("passes a ToolResult through unchanged, including isError and structuredContent", async () => {
    const result = {
      content: [{ type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" }],
      structuredContent: { width: 1 },
      isError: true,
    };
    expect(await runHandler("t", async () => result, {}, {})).toBe(result);
  });

  it("turns a throw into the message only, without a stack", async () => {
    const sync = await runHandler(
      "t",
      () => {
        throw new Error("disk full");
      },
      {},
      {},
    );
    expect(sync).toEqual({
      content: [{ type: "text", text: 'Tool "t" failed: disk full' }],
      isError: true,
      code: "TOOL_FAILED",
    });
    const rejected = await runHandler("t", () => Promise.reject(new TypeError("bad")), {}, {});
    expect(rejected.content[0]).toEqual({ type: "text", text: 'Tool "t" failed: bad' });
    expect(JSON.stringify(rejected)).not.toContain("at ");
    const thrownString = await runHandler("t", () => Promise.reject("plain"), {}, {});
    expect(thrownString.content[0]).toMatchObject({ text: 'Tool "t" failed: plain' });
  });

  it("refuses a result of the wrong shape with an error result saying what came back", async () => {
    const result = await runHandler("t", () => ({ text: "x" }) as never, {}, {});
    expect(result).toMatchObject({ isError: true, code: "TOOL_FAILED" });
    expect(result.content[0]).toMatchObject({
      text: 'Tool "t" failed: it returned an invalid result: expected a string or an object with a "content" array, got an object with keys [text].',
    });
    const nothing = await runHandler("t", async () => undefined as never, {}, {});
    expect(nothing.content[0]).toMatchObject({ text: expect.stringContaining("got nothing") });
  });

  it("answers cancelled as soon as the signal aborts, while the handler sees the signal", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    let handlerFinished = false;
    const pending = runHandler(
      "slow",
      (_args, context) =>
        new Promise<string>((resolve) => {
          seen = context.signal;
          context.signal?.addEventListener("abort", () =>
            setTimeout(() => {
              handlerFinished = true;
              resolve("too late");
            }, 20),
          );
        }),
      {},
      { signal: controller.signal },
    );
    controller.abort();
    const result = await pending;
    expect(result).toEqual({
      content: [{ type: "text", text: 'Tool "slow" was cancelled.' }],
      isError: true,
      code: "ABORTED",
    });
    expect(seen).toBe(controller.signal);
    expect(seen?.aborted).toBe(true);
    expect(handlerFinished).toBe(false);
  });

  it("answers cancelled when the signal aborted before the handler returned, though its promise never settles", async () => {
    const controller = new AbortController();
    const result = await runHandler(
      "stuck",
      () => {
        controller.abort(); // e.g. the run stopped while the handler was still starting
        return new Promise<string>(() => {});
      },
      {},
      { signal: controller.signal },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: 'Tool "stuck" was cancelled.' }],
      isError: true,
      code: "ABORTED",
    });
  });

  it("swallows a rejection that arrives after the cancelled answer", async () => {
    const controller = new AbortController();
    const pending = runHandler(
      "t",
      (_args, { signal }) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason)),
        ),
      {},
      { signal: controller.signal },
    );
    controller.abort(new Error("user pressed Ctrl+C"));
    expect((await pending).content[0]).toMatchObject({
      text: 'Tool "t" was cancelled: user pressed Ctrl+C.',
    });
  });

  it("answers TIMEOUT when the signal is an AbortSignal.timeout that fires", async () => {
    const result = await runHandler(
      "t",
      (_args, { signal }) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason)),
        ),
      {},
      { signal: AbortSignal.timeout(5) },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: 'Tool "t" timed out: its abort signal timed out.' }],
      isError: true,
      code: "TIMEOUT",
    });
  });
});
