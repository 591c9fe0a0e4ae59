import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { questionReader } from "./question-reader.js";
import { createStyle } from "./style.js";

function setup() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const reader = questionReader({
    input,
    output,
    style: createStyle({ isTTY: false, noColor: true, env: {} }),
  });
  return { input, reader, shown: () => shown };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));
const signal = new AbortController().signal;

describe("questionReader", () => {
  it("drops lines typed before a question and takes the first line after it", async () => {
    const { input, reader, shown } = setup();
    input.write("y\nyes\n");
    await tick();
    const answer = reader.ask("allow x? ", signal);
    await tick();
    expect(shown()).toBe("(ignored 2 lines typed before this question)\nallow x? ");
    input.write("n\n");
    expect(await answer).toBe("n");
    reader.close();
  });

  it("answers nothing once the input has ended, or when the question is aborted", async () => {
    const { input, reader } = setup();
    const controller = new AbortController();
    const aborted = reader.ask("allow x? ", controller.signal);
    controller.abort();
    expect(await aborted).toBeUndefined();
    const pending = reader.ask("allow y? ", signal);
    input.end();
    expect(await pending).toBeUndefined();
    expect(await reader.ask("allow z? ", signal)).toBeUndefined();
  });
});
