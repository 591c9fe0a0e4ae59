import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { toCassetteEntry } from "./__fixtures__/replay-rig.js";
import { Agent } from "./agent.js";
import { AgentError } from "./agent-error.js";
import { consumeRun } from "./consume-run.js";
import type { AgentEvent } from "./events.js";

const agentPlaying = (...turns: Parameters<typeof toCassetteEntry>[0][]) =>
  new Agent({
    model: createReplayModel({
      cassette: turns.map((turn, index) => toCassetteEntry(turn, index + 1)),
    }),
    registry: new ToolRegistry(),
  });

describe("consumeRun", () => {
  it("hands every event on and gives the streamed text; a streamed answer is not repeated", async () => {
    const seen: string[] = [];
    const outcome = await consumeRun(agentPlaying({ text: "Hello there." }).run("hi"), (event) =>
      seen.push(event.type),
    );
    expect(seen[0]).toBe("turn-start");
    expect(seen.at(-1)).toBe("done");
    expect(outcome.done).toMatchObject({ reason: "completed", text: "Hello there." });
    expect(outcome.streamedText).toBe("Hello there.");
    expect(outcome.unstreamedText).toBeUndefined();
  });

  it("gives a task_complete summary that no delta streamed as unstreamedText", async () => {
    const outcome = await consumeRun(
      agentPlaying(
        { text: "Working. ", calls: [["task_complete", { summary: "Wrote notes.md." }]] },
        { text: "unused" },
      ).run("write notes"),
    );
    expect(outcome.done).toMatchObject({ reason: "completed", text: "Wrote notes.md." });
    expect(outcome.streamedText).toBe("Working. ");
    expect(outcome.unstreamedText).toBe("Wrote notes.md.");
  });

  it("throws RUN_INCOMPLETE for events that end without done", async () => {
    async function* cut(): AsyncIterable<AgentEvent> {
      yield { type: "turn-start", turn: 1, startedAt: Date.now() };
    }
    const error = await consumeRun(cut()).catch((e: unknown) => e);
    expect(AgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "RUN_INCOMPLETE" });
  });
});
