import { buildTimeline, type RunTimeline } from "@tinyloop/agent-loop";
import { plainStyle } from "@tinyloop/agent-session";
import { describe, expect, it } from "vitest";
import { FAILED_RUN, PARALLEL_RUN } from "./__fixtures__/timeline-events.js";
import { type TimelineStyle, timelineLines } from "./timeline-lines.js";

const sgr = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`;
const plain: TimelineStyle = { ...plainStyle, enabled: false };
/** ANSI colours, as a colour terminal's style marks text up. */
const colour: TimelineStyle = {
  enabled: true,
  dim: sgr(2, 22),
  bold: sgr(1, 22),
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
};
const ANSI = /\u001b\[[0-9;]*m/g;
const visible = (line: string) => [...line.replace(ANSI, "")].length;

describe("timelineLines", () => {
  it("draws parallel calls as overlapping bars on one axis, with durations and tokens per turn", () => {
    const lines = timelineLines(buildTimeline(PARALLEL_RUN), { width: 80, style: plain });
    expect(lines).toEqual([
      "timeline 2.4s · 2 turns · tokens 2.5k in · 65 out · completed",
      "                                       0                                    2.4s",
      "turn 1             1.2s 1.2k in 40 out =====================",
      "  mcp_weather_get 800ms                                    ###############",
      "  mcp_weather_get 500ms                                    ##########",
      "turn 2            400ms 1.3k in 25 out                                   =======",
    ]);
    // The two calls start in the same column (side by side in time), the model's second
    // call in the column where the longer one ended (2.0 s falls inside that column) or later.
    const start = (line: string | undefined) => line?.search(/[#=]/);
    expect(start(lines[3])).toBe(start(lines[4]));
    expect(start(lines[5])).toBe((lines[3]?.length ?? Number.NaN) - 1);
  });

  it("marks failures in words and in the bar: a tool error, a tool that does not exist, a failed model call", () => {
    const lines = timelineLines(buildTimeline(FAILED_RUN), { width: 60, style: plain });
    expect(lines).toEqual([
      "timeline 1.0s · 2 turns · tokens 300 in · 20 out · error",
      "                               0                        1.0s",
      "turn 1     600ms 300 in 20 out ==================",
      "  mcp_fx_… 100ms ✗ error                        xxxx",
      "  no_such…   0ms ✗ unavailable                  x",
      "turn 2     300ms ✗ failed                          xxxxxxxxx",
    ]);
  });

  it.each([24, 30, 45, 80, 132, 240])("fits %i columns, every bar still drawn", (width) => {
    for (const run of [PARALLEL_RUN, FAILED_RUN]) {
      for (const style of [plain, colour]) {
        const lines = timelineLines(buildTimeline(run), { width, style });
        for (const line of lines) expect(visible(line)).toBeLessThanOrEqual(width);
        const bars = lines.slice(2).map((line) => line.replace(ANSI, ""));
        expect(bars).toHaveLength(run === PARALLEL_RUN ? 4 : 4);
        for (const bar of bars) expect(bar).toMatch(/[=#x█]/);
      }
    }
    // Narrow, a failed call keeps its mark.
    const failed = timelineLines(buildTimeline(FAILED_RUN), { width, style: plain });
    expect(failed[3]).toContain("✗");
  });

  it("uses the whole width on a wide terminal: longer bars, the axis to the last column", () => {
    const narrow = timelineLines(buildTimeline(PARALLEL_RUN), { width: 80, style: colour });
    const wide = timelineLines(buildTimeline(PARALLEL_RUN), { width: 200, style: colour });
    const blocks = (line: string | undefined) => line?.match(/█/g)?.length ?? 0;
    expect(blocks(wide[2])).toBeGreaterThan(2 * blocks(narrow[2]));
    expect(visible(wide[1] ?? "")).toBe(200);
    expect(visible(wide[2] ?? "")).toBe(200);
  });

  it("has no escape sequence without colours, and colours the bars with them", () => {
    const timeline = buildTimeline(FAILED_RUN);
    expect(timelineLines(timeline, { width: 70, style: plain }).join("\n")).not.toContain("\u001b");
    const lines = timelineLines(timeline, { width: 70, style: colour });
    expect(lines[2]).toContain("\u001b[36m█"); // a model call: cyan
    expect(lines[3]).toContain("\u001b[31m█"); // a failed tool call: red
    expect(lines[5]).toContain("\u001b[31m█"); // the failed model call: red
  });

  it("shows a tool name's control characters instead of sending them to the terminal", () => {
    const timeline: RunTimeline = {
      startedAt: 0,
      durationMs: 10,
      turns: 1,
      bars: [
        {
          kind: "model",
          turn: 1,
          label: "turn 1",
          startMs: 0,
          endMs: 5,
          durationMs: 5,
          status: "ok",
        },
        {
          kind: "tool",
          turn: 1,
          label: "evil\u001b[2J\nname",
          startMs: 5,
          endMs: 10,
          durationMs: 5,
          status: "denied",
        },
      ],
    };
    const lines = timelineLines(timeline, { width: 80, style: plain });
    expect(lines[3]).toContain("evil\\x1b[2J name");
    expect(lines[3]).toContain("✗ denied");
    expect(lines[3]).toMatch(/-+$/);
    expect(lines.join("\n")).not.toContain("\u001b");
  });

  it("says so when the run made no model call", () => {
    const lines = timelineLines(buildTimeline([]), { width: 80, style: plain });
    expect(lines).toEqual(["timeline 0ms · 0 turns", "no model call was made"]);
  });
});
