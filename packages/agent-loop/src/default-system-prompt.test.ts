import { ToolRegistry } from "@tinyloop/registry";
import type { ScriptedModelServer } from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { collect, doneOf } from "./__fixtures__/collect.js";
import { openAIRig } from "./__fixtures__/openai-rig.js";
import { registerBuiltins } from "./__fixtures__/tool-world.js";
import { Agent } from "./agent.js";
import type { AgentOptions } from "./agent-options.js";
import { defaultSystemPrompt } from "./default-system-prompt.js";

type WireMessage = { role: string; content?: unknown };

describe("the system prompt the scripted model server receives", () => {
  let server: ScriptedModelServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Runs one text turn and returns the messages of the request the server got. */
  const sentWith = async (options: Partial<AgentOptions>): Promise<WireMessage[]> => {
    const rig = await openAIRig([{ text: "Hi." }]);
    server = rig.server;
    const registry = new ToolRegistry();
    registerBuiltins(registry);
    const agent = new Agent({ model: rig.model, registry, ...options });
    expect(doneOf(await collect(agent.run("Hello"))).reason).toBe("completed");
    const body = server.requests[0]?.body as { messages: WireMessage[] } | undefined;
    return body?.messages ?? [];
  };

  it("is the default one, naming both exit tools, when none is set", async () => {
    const [system, user] = await sentWith({});
    expect(system?.role).toBe("system");
    expect(system?.content).toBe(defaultSystemPrompt({ exitTools: true }));
    expect(system?.content).toMatch(/Keep going until it is fully resolved/);
    expect(system?.content).toMatch(/call task_complete with a short summary/);
    expect(system?.content).toMatch(/call ask_question with your question/);
    expect(user).toEqual({ role: "user", content: "Hello" });
  });

  it("names no exit tool when the agent offers none", async () => {
    const [system] = await sentWith({ exitTools: false });
    expect(system?.content).toBe(defaultSystemPrompt({ exitTools: false }));
    expect(system?.content).toMatch(/Use your tools/);
    expect(system?.content).not.toMatch(/task_complete|ask_question/);
  });

  it('is left out when systemPrompt is ""', async () => {
    const messages = await sentWith({ systemPrompt: "" });
    expect(messages).toEqual([{ role: "user", content: "Hello" }]);
  });

  it("is the agent's own when set", async () => {
    const [system, user] = await sentWith({ systemPrompt: "You are terse." });
    expect(system).toEqual({ role: "system", content: "You are terse." });
    expect(user?.role).toBe("user");
  });

  it("stays short: it is sent on every turn", () => {
    expect(defaultSystemPrompt({ exitTools: true }).length).toBeLessThan(700);
  });
});
