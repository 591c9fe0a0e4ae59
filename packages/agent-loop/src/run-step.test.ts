import type { ScriptedModelServer, StreamTurn } from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, doneOf, toolResults } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { startToolWorld, type ToolWorld } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";
import type { AgentEvent } from "./events.js";
import type { AgentStep, RunStep } from "./run-step.js";

/** Turn 1 asks for two tool calls at once (one built-in, one on the MCP server), turn 2 answers. */
const script: StreamTurn[] = [
  {
    text: "Checking both.",
    toolCalls: [
      { id: "call_a", name: "shout", arguments: { text: "hi" } },
      { id: "call_b", name: "mcp_fx_echo", arguments: { text: "there" } },
    ],
  },
  { text: "HI and there." },
];

/** The events as a user sees them, without the clock readings of turns and tool results. */
const timeless = (events: AgentEvent[]) =>
  events.map((event) => {
    const { startedAt, endedAt, modelEndedAt, durationMs, ...rest } = event as AgentEvent & {
      startedAt?: number;
      endedAt?: number;
      modelEndedAt?: number;
      durationMs?: number;
    };
    return rest;
  });

/** How many tool calls the fixture MCP server has answered (the stats call itself included). */
async function mcpCalls(world: ToolWorld): Promise<number> {
  const result = await world.registry.dispatch("mcp_fx_stats", {});
  const block = result.content[0];
  return JSON.parse(block?.type === "text" ? block.text : "{}").calls;
}

describe("the step seam (runStep) with the scripted model server and a real MCP server", () => {
  let world: ToolWorld;
  const servers: ScriptedModelServer[] = [];

  beforeEach(async () => {
    world = await startToolWorld();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    expect(await world.close()).toEqual([]);
  });

  const agentWith = async (turns: StreamTurn[], runStep?: RunStep) => {
    const { server, model } = await openAIRig(turns);
    servers.push(server);
    const agent = new Agent({
      model,
      registry: world.registry,
      exitTools: false,
      toolSearch: "never",
      ...(runStep ? { runStep } : {}),
    });
    return { agent, server };
  };

  it("changes nothing by default: a pass-through runStep gives the same events", async () => {
    const plain = await agentWith(script);
    const passThrough = await agentWith(script, (step) => step.run());
    const without = await collect(plain.agent.run("Shout hi, echo there"));
    const withSeam = await collect(passThrough.agent.run("Shout hi, echo there"));
    expect(doneOf(without)).toMatchObject({ reason: "completed", text: "HI and there." });
    expect(timeless(withSeam)).toEqual(timeless(without));
    expect(without.filter((event) => event.type === "text-delta").length).toBeGreaterThan(0);
  });

  it("hands every model turn and tool call to runStep under names stable across runs", async () => {
    const namesOf = async () => {
      const steps: Array<Pick<AgentStep, "kind" | "name" | "turn">> = [];
      const { agent } = await agentWith(script, (step) => {
        steps.push({ kind: step.kind, name: step.name, turn: step.turn });
        return step.run();
      });
      await collect(agent.run("Shout hi, echo there"));
      return steps;
    };
    const first = await namesOf();
    expect(first[0]).toEqual({ kind: "model", name: "turn-1/model", turn: 1 });
    // The two calls of turn 1 run in parallel, each its own step, before turn 2.
    expect(
      first
        .slice(1, 3)
        .map((step) => step.name)
        .sort(),
    ).toEqual(["turn-1/tool-0/call_a", "turn-1/tool-1/call_b"]);
    expect(first[3]).toEqual({ kind: "model", name: "turn-2/model", turn: 2 });
    expect(first).toHaveLength(4);
    expect((await namesOf()).map((step) => step.name).sort()).toEqual(
      first.map((step) => step.name).sort(),
    );
  });

  it("starts the tool steps of a turn in the model's order, also when they wait for a slot", async () => {
    const started: string[] = [];
    const { server, model } = await openAIRig([
      {
        toolCalls: [
          { id: "slow", name: "wait", arguments: { ms: 100 } },
          { id: "quick", name: "shout", arguments: { text: "a" } },
          { id: "last", name: "shout", arguments: { text: "b" } },
        ],
      },
      { text: "Done." },
    ]);
    servers.push(server);
    const agent = new Agent({
      model,
      registry: world.registry,
      exitTools: false,
      toolSearch: "never",
      toolConcurrency: 2,
      runStep: (step) => {
        started.push(step.name);
        return step.run();
      },
    });
    expect(doneOf(await collect(agent.run("Go"))).text).toBe("Done.");
    expect(started).toEqual([
      "turn-1/model",
      "turn-1/tool-0/slow",
      "turn-1/tool-1/quick",
      "turn-1/tool-2/last",
      "turn-2/model",
    ]);
  });

  it("reproduces a run from recorded results without calling the model or the tools", async () => {
    const recorded = new Map<string, unknown>();
    const recording = await agentWith(script, async (step) => {
      const result = await step.run();
      recorded.set(step.name, JSON.parse(JSON.stringify(result)));
      return result;
    });
    const live = await collect(recording.agent.run("Shout hi, echo there"));
    const callsAfterLive = await mcpCalls(world);

    // A model server with nothing scripted: any request to it would fail the run.
    const replaying = await agentWith([], async (step) => {
      if (!recorded.has(step.name)) throw new Error(`no recorded result for ${step.name}`);
      return recorded.get(step.name) as never;
    });
    const replayed = await collect(replaying.agent.run("Shout hi, echo there"));

    expect(replaying.server.requests).toHaveLength(0);
    expect(await mcpCalls(world)).toBe(callsAfterLive + 1); // only the stats call itself
    expect(doneOf(replayed)).toEqual(doneOf(live));
    expect(toolResults(replayed).map((event) => event.result)).toEqual(
      toolResults(live).map((event) => event.result),
    );
    // The recorded text reaches the user as it did live (in one piece).
    const text = (events: AgentEvent[]) =>
      events.flatMap((event) => (event.type === "text-delta" ? [event.text] : [])).join("");
    expect(text(replayed)).toBe(text(live));
    expect(replaying.agent.messages).toEqual(recording.agent.messages);
  });

  it("ends the run with the step's error when runStep fails a model turn", async () => {
    const { agent, server } = await agentWith(script, async (step) => {
      if (step.kind === "model") throw new Error("the step store is gone");
      return step.run();
    });
    const done = doneOf(await collect(agent.run("Hi")));
    expect(done).toMatchObject({ reason: "error", turns: 1 });
    expect(done.error?.message).toBe("the step store is gone");
    expect(server.requests).toHaveLength(0);
  });
});
