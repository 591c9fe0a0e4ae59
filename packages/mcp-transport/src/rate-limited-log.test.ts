import { describe, expect, it } from "vitest";
import { LOG_LINES_PER_WINDOW, rateLimitedLog } from "./rate-limited-log.js";

describe("rateLimitedLog", () => {
  it("passes 5 lines of a kind, counts the rest, and says how many at flush", () => {
    const lines: string[] = [];
    const log = rateLimitedLog((line) => lines.push(line));
    for (let i = 1; i <= 20; i++) log(`fixture: log ${i}`);
    log('other kind "a"');
    expect(lines).toEqual([
      ...Array.from({ length: LOG_LINES_PER_WINDOW }, (_, i) => `fixture: log ${i + 1}`),
      'other kind "a"',
    ]);
    log.flush();
    expect(lines.slice(6)).toEqual(["(15 more line(s) like this were left out: fixture: log 1)"]);
    log.flush(); // said once
    expect(lines).toHaveLength(7);
    log("fixture: log 21"); // a new window after the flush
    expect(lines.at(-1)).toBe("fixture: log 21");
  });
});
