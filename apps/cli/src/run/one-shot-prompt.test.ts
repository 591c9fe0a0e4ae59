import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { oneShotPrompt } from "./one-shot-prompt.js";

const piped = (text: string) => Readable.from([Buffer.from(text)]);
const terminal = () => Object.assign(Readable.from([]), { isTTY: true });

describe("oneShotPrompt", () => {
  it("is undefined without -p, and never reads stdin then", async () => {
    const stdin = piped("left for the REPL");
    expect(await oneShotPrompt(undefined, stdin)).toBeUndefined();
    expect(stdin.readableEnded).toBe(false);
  });

  it("puts the piped text first, then a blank line, then -p's text", async () => {
    expect(await oneShotPrompt("summarise", piped("line 1\nline 2\n\n"))).toBe(
      "line 1\nline 2\n\nsummarise",
    );
  });

  it("sends -p alone when nothing was piped", async () => {
    expect(await oneShotPrompt("hi", piped(""))).toBe("hi");
  });

  it("-p - is the piped text alone; empty, it says how to pipe one", async () => {
    expect(await oneShotPrompt("-", piped("what is 2+2?\n"))).toBe("what is 2+2?\n");
    const empty = oneShotPrompt("-", piped("  \n"));
    await expect(empty).rejects.toThrow(CliError);
    await expect(empty).rejects.toThrow(
      '-p -: expected the prompt on stdin, got nothing; pipe it in, e.g. echo "summarise" | tinyloop run AGENT -p -',
    );
  });

  it("-p - on a terminal is refused with the two forms that work", async () => {
    await expect(oneShotPrompt("-", terminal())).rejects.toThrow(
      "-p -: expected the prompt piped into stdin, got a terminal",
    );
    expect(await oneShotPrompt("hi", terminal())).toBe("hi");
  });

  it("refuses piped input over the limit, naming it and how to send less", async () => {
    await expect(
      oneShotPrompt("x", piped("a".repeat(2 * 1024 * 1024 + 1)), 2 * 1024 * 1024),
    ).rejects.toThrow(
      'piped input: expected at most 2 MiB on stdin, got more; send a part of it, e.g. tail -c 1M app.log | tinyloop run AGENT -p "summarise"',
    );
  });
});
