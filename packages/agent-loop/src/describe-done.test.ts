import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { toCassetteEntry } from "./__fixtures__/replay-rig.js";
import { Agent } from "./agent.js";
import { describeDone } from "./describe-done.js";

describe("describeDone", () => {
  it("says nothing for a completed run: the answer says it", async () => {
    const model = createReplayModel({ cassette: [toCassetteEntry({ text: "Done." }, 1)] });
    const agent = new Agent({ model, registry: new ToolRegistry() });
    expect(describeDone(doneOf(await collect(agent.run("go"))))).toBeUndefined();
  });

  it("names the turns used and the setting to raise, the program's own name for it if given", async () => {
    const model = createReplayModel({
      cassette: [toCassetteEntry({ calls: [["ask_nothing", {}]] }, 1)],
    });
    const agent = new Agent({ model, registry: new ToolRegistry(), maxTurns: 1 });
    const done = doneOf(await collect(agent.run("go")));
    expect(describeDone(done)).toBe(
      "stopped: the model used all 1 turns without finishing (raise maxTurns)",
    );
    expect(describeDone(done, { maxTurnsSetting: "--max-turns" })).toMatch(
      /\(raise --max-turns\)$/,
    );
  });

  it("gives the first line of the model's error, and `interrupted` for an abort", async () => {
    const model = createReplayModel({
      cassette: [{ events: [], error: { code: "RATE_LIMITED", message: "Rate limited.\nmore" } }],
    });
    const agent = new Agent({ model, registry: new ToolRegistry() });
    expect(describeDone(doneOf(await collect(agent.run("go"))))).toBe("error: Rate limited.");
    const aborted = doneOf(await collect(agent.run("go", { signal: AbortSignal.abort() })));
    expect(describeDone(aborted)).toBe("interrupted");
  });
});
