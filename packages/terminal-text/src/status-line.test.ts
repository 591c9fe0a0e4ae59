import { PassThrough } from "node:stream";
import { plainStyle } from "@tinyloop/agent-session";
import { describe, expect, it } from "vitest";
import { statusLine } from "./status-line.js";

function capture() {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { out, text: () => text };
}
const style = plainStyle;

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

describe("statusLine: a server that drops mid-session", () => {
  it("prints one line when it went down and one when it is back, after the status line", () => {
    const { out, text } = capture();
    const progress = statusLine({ out, live: true, style, verbose: false });
    progress.status("connected 1/1 servers · 15 tools");
    progress.finish();
    const finished = text();
    progress.dropped?.("fx", "the process exited with code 3.");
    progress.status("connected 1/1 servers · 15 tools"); // the re-sync changes the status
    progress.back?.("fx", 16);
    expect(text().slice(finished.length)).toBe(
      "! server fx went down: the process exited with code 3; reconnecting\n✓ server fx is back · 16 tools\n",
    );
  });

  it("clears the live line for a drop while others still connect, and draws it again", () => {
    const { out, text } = capture();
    const progress = statusLine({ out, live: true, style, verbose: false });
    progress.status("connecting 1/2 servers · 15 tools");
    const before = text();
    progress.dropped?.("fx", undefined);
    expect(text().slice(before.length)).toBe(
      "\r\u001b[K! server fx went down; reconnecting\nconnecting 1/2 servers · 15 tools",
    );
  });
});

describe("statusLine: events told elsewhere too", () => {
  it("tells each failure, drop and return to events as well as drawing it", () => {
    const { out, text } = capture();
    const told: string[] = [];
    const progress = statusLine({
      out,
      live: false,
      style,
      verbose: false,
      events: {
        failed: (server, reason, stderr) => told.push(`failed ${server} ${reason} ${stderr}`),
        dropped: (server, reason) => told.push(`dropped ${server} ${reason}`),
        back: (server, tools) => told.push(`back ${server} ${tools}`),
      },
    });
    progress.failed("a", "exited", ["boom"]);
    progress.dropped?.("b", "gone");
    progress.back?.("b", 3);
    expect(told).toEqual(["failed a exited boom", "dropped b gone", "back b 3"]);
    expect(text()).toContain("✗ server a failed: exited\n  a stderr: boom\n");
  });
});
