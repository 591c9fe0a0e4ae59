import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createStyle } from "../terminal/style.js";
import { statusLine } from "./status-line.js";

function capture() {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { out, text: () => text };
}
const style = createStyle({ isTTY: false, noColor: true, env: {} });

describe("statusLine", () => {
  it("rewrites one live line, ends it on finish, and never redraws it afterwards", () => {
    const { out, text } = capture();
    const progress = statusLine({ out, live: true, style, verbose: false });
    progress.status("connecting 0/1 servers · 0 tools");
    progress.status("connected 1/1 servers · 15 tools");
    progress.finish();
    const finished = text();
    expect(finished.endsWith("connected 1/1 servers · 15 tools\n")).toBe(true);
    // Servers closing on exit (or re-syncing mid-session) change the status again.
    progress.status("connected 0/1 servers · 0 tools");
    progress.finish();
    expect(text()).toBe(finished);
  });

  it("still reports a server that fails after finish, on a line of its own", () => {
    const { out, text } = capture();
    const progress = statusLine({ out, live: true, style, verbose: false });
    progress.status("connected 1/1 servers · 15 tools");
    progress.finish();
    const finished = text();
    progress.failed("fx", "the process exited");
    expect(text().slice(finished.length)).toBe("✗ server fx failed: the process exited\n");
  });
});
