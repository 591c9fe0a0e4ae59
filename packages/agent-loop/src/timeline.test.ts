import { createReplayModel } from "@tinyloop/inference-adapters";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect } from "./__fixtures__/collect.js";
import { toCassetteEntry } from "./__fixtures__/replay-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";
import type { AgentEvent } from "./events.js";
import { buildTimeline, TimelineRecorder } from "./timeline.js";

// Timelines of real runs: the replay model, built-in tools and a real fixture MCP server.
// Overlap is forced by the latch tool (one call waits for the other), never by time.
describe("buildTimeline", () => {
  let world: ToolWorld;
  beforeEach(async () => {
    world = await startToolWorld();
  });
  afterEach(async () => {
    expect(await world.close()).toEqual([]);
  });

  it("draws each model call, then its tool calls in call order; parallel calls overlap; failures and tokens are kept", async () => {
    const model = createReplayModel({
      cassette: [
        toCassetteEntry(
          {
            calls: [
              ["latch", { name: "slow", after: "fast" }],
              ["latch", { name: "fast" }],
              ["mcp_fx_fail", { message: "boom" }],
              ["no_such_tool", {}],
            ],
            usage: { inputTokens: 120, outputTokens: 30 },
          },
          1,
        ),
        toCassetteEntry({ text: "Done.", usage: { inputTokens: 200, outputTokens: 5 } }, 2),
      ],
    });
    const events = await collect(new Agent({ model, registry: world.registry }).run("Go"));
    const timeline = buildTimeline(events);

    expect(timeline.bars.map((bar) => [bar.kind, bar.turn, bar.label, bar.status])).toEqual([
      ["model", 1, "turn 1", "ok"],
      ["tool", 1, "latch", "ok"],
      ["tool", 1, "latch", "ok"],
      ["tool", 1, "mcp_fx_fail", "error"],
      ["tool", 1, "no_such_tool", "unavailable"],
      ["model", 2, "turn 2", "ok"],
    ]);
    const [turn1, slow, fast, , , turn2] = timeline.bars;
    expect(turn1).toMatchObject({ startMs: 0, usage: { inputTokens: 120, outputTokens: 30 } });
    expect(turn1?.finishReason).toBe("tool-calls");
    expect(turn2?.usage).toEqual({ inputTokens: 200, outputTokens: 5 });
    // The slow call waited for the fast one: their spans overlap on the one axis.
    expect(slow && fast && slow.startMs < fast.endMs && fast.startMs < slow.endMs).toBe(true);
    expect(fast?.callId).toBe("call_1_1");
    // Tools run after their model call; the next model call starts after them.
    for (const bar of timeline.bars.slice(1, 5)) {
      expect(bar.startMs).toBeGreaterThanOrEqual(turn1?.endMs ?? Number.NaN);
      expect(turn2?.startMs).toBeGreaterThanOrEqual(bar.endMs);
      expect(bar.durationMs).toBeCloseTo(bar.endMs - bar.startMs, 6);
    }
    expect(timeline.durationMs).toBeGreaterThanOrEqual(turn2?.endMs ?? Number.NaN);
    expect(timeline).toMatchObject({
      turns: 2,
      reason: "completed",
      usage: { inputTokens: 320, outputTokens: 35 },
    });
    // Plain data: a JSON round trip keeps it whole (the chat page gets it this way).
    expect(JSON.parse(JSON.stringify(timeline))).toEqual(timeline);
  });

  it("marks the model call that failed, and starts over with the next run", async () => {
    const model = createReplayModel({
      cassette: [
        toCassetteEntry({ calls: [["shout", { text: "a" }]] }, 1),
        {
          events: [{ type: "text-delta", text: "Hm" }],
          error: { code: "RATE_LIMITED", message: "slow down" },
        },
        toCassetteEntry({ text: "Fine." }, 3),
      ],
    });
    const agent = new Agent({ model, registry: world.registry });
    const recorder = new TimelineRecorder();
    for (const event of await collect(agent.run("Go"))) recorder.add(event);
    const failed = recorder.timeline();
    expect(failed.reason).toBe("error");
    expect(failed.bars.map((bar) => `${bar.label}:${bar.status}`)).toEqual([
      "turn 1:ok",
      "shout:ok",
      "turn 2:error",
    ]);
    expect(failed.bars[2]?.finishReason).toBeUndefined();

    for (const event of await collect(agent.run("Again"))) recorder.add(event);
    const next = recorder.timeline();
    expect(next.bars.map((bar) => `${bar.label}:${bar.status}`)).toEqual(["turn 1:ok"]);
    expect(next.startedAt).toBeGreaterThan(failed.startedAt);
  });

  it("counts a call that never settled as cancelled, ending with the run", () => {
    const call = { id: "c1", name: "mcp_fx_sleep", arguments: "{}" };
    const events: AgentEvent[] = [
      { type: "turn-start", turn: 1, startedAt: 1000 },
      { type: "tool-call", turn: 1, call },
      {
        type: "turn-end",
        turn: 1,
        toolCalls: 1,
        finishReason: "tool-calls",
        modelEndedAt: 1100,
        endedAt: 1500,
      },
      { type: "done", reason: "aborted", turns: 1, usage: { inputTokens: 0, outputTokens: 0 } },
    ];
    const timeline = buildTimeline(events);
    expect(timeline.bars).toEqual([
      expect.objectContaining({ kind: "model", status: "ok", startMs: 0, endMs: 100 }),
      expect.objectContaining({ kind: "tool", status: "cancelled", startMs: 100, endMs: 500 }),
    ]);
    expect(timeline.durationMs).toBe(500);
  });

  it("is empty before the first model call", () => {
    expect(new TimelineRecorder().timeline()).toEqual({
      startedAt: 0,
      durationMs: 0,
      bars: [],
      turns: 0,
    });
  });
});
