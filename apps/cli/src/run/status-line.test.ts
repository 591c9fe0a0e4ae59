import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { styleFor } from "../terminal/style.js";
import { statusLine } from "./status-line.js";

describe("statusLine", () => {
  it("writes nothing more after finish(), so a late re-sync cannot overwrite the prompt", () => {
    let written = "";
    const out = new Writable({
      write(chunk, _encoding, callback) {
        written += chunk.toString();
        callback();
      },
    });
    const style = styleFor({ isTTY: false }, { color: false }, {});
    const line = statusLine({ out, live: true, style, verbose: false });
    line.status("connecting 0/1 servers · 0 tools");
    line.status("connected 1/1 servers · 3 tools");
    line.finish();
    const atFinish = written;
    expect(atFinish.endsWith("connected 1/1 servers · 3 tools\n")).toBe(true);
    line.status("connected 1/1 servers · 5 tools");
    line.finish();
    expect(written).toBe(atFinish);
  });
});
