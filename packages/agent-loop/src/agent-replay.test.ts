import { createReplayModel } from "@tinyloop/inference-adapters";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defineAgentSuite } from "./__fixtures__/agent-suite.js";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { makeReplayRig, toCassetteEntry } from "./__fixtures__/replay-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";

defineAgentSuite("the replay model", makeReplayRig);

describe("Agent with the replay model: model failures and what each request carried", () => {
  let world: ToolWorld;
  beforeEach(async () => {
    world = await startToolWorld();
  });
  afterEach(async () => {
    expect(await world.close()).toEqual([]);
  });

  it("ends with error and the adapter's error after the text streamed so far", async () => {
    const model = createReplayModel({
      cassette: [
        {
          events: [{ type: "text-delta", text: "Let me th" }],
          error: { code: "RATE_LIMITED", message: "Rate limited: slow down (retry after 2 s)." },
        },
        toCassetteEntry({ text: "Thought it through." }, 2),
      ],
    });
    const agent = new Agent({ model, registry: world.registry });
    const done = doneOf(await collect(agent.run("Think")));
    expect(done).toMatchObject({ reason: "error", text: "Let me th" });
    expect(done.error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Rate limited: slow down (retry after 2 s).",
    });
    expect(doneOf(await collect(agent.run("Again"))).text).toBe("Thought it through.");
  });

  it("reports an exhausted cassette as an error with the replay model's message", async () => {
    const model = createReplayModel({
      cassette: [toCassetteEntry({ calls: [["shout", { text: "a" }]] }, 1)],
    });
    const agent = new Agent({ model, registry: world.registry });
    const done = doneOf(await collect(agent.run("Go")));
    expect(done).toMatchObject({ reason: "error", turns: 2 });
    expect(done.error?.message).toMatch(/^Replay call #2: the cassette holds only 1 model call/);
  });

  it("sends each turn the whole history and the tools of the registry as it is then (strict fingerprints)", async () => {
    const builtins = ["latch", "wait", "shout", "install"];
    const mcp = world.registry.list({ toolsets: ["mcp-fx"] }).map((tool) => tool.name);
    const exits = ["task_complete", "ask_question"];
    const first = toCassetteEntry({ calls: [["install", { name: "fresh" }]] }, 1);
    const second = toCassetteEntry({ text: "Installed." }, 2);
    const model = createReplayModel({
      strict: true,
      cassette: [
        {
          ...first,
          request: {
            messages: 2,
            lastRole: "user",
            lastText: "Install",
            tools: [...builtins, ...mcp, ...exits],
          },
        },
        {
          ...second,
          request: {
            messages: 4,
            lastRole: "tool",
            lastText: "installed fresh",
            tools: [...builtins, ...mcp, ...exits, "fresh"],
          },
        },
      ],
    });
    const agent = new Agent({ model, registry: world.registry, systemPrompt: "Be brief." });
    expect(doneOf(await collect(agent.run("Install")))).toMatchObject({
      reason: "completed",
      text: "Installed.",
    });
  });
});
