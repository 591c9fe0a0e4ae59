import { TINY_PNG } from "@tinyloop/test-fixtures/mcp-server";
import { expect, it } from "vitest";
import type { AgentEvent } from "../events.js";
import { type AgentSuite, toolMessages } from "./agent-suite-context.js";
import { collect, doneOf, textOf, toolResults } from "./collect.js";
import { historyProblems } from "./valid-history.js";

/** Aborts that leave a valid history, and how tool results are shaped for the model (truncation, image placeholders). */
export function defineAbortAndResultTests(suite: AgentSuite): void {
  it("on abort mid-tool cancels the calls in flight, keeps the history valid and stays usable", async () => {
    const controller = new AbortController();
    const agent = await suite.agentFor([
      {
        calls: [
          ["mcp_fx_hang", {}],
          ["shout", { text: "quick" }],
          ["wait", { ms: 60_000 }],
        ],
      },
      { text: "Fresh start." },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of agent.run("Hang", { signal: controller.signal })) {
      events.push(event);
      if (event.type === "tool-result" && event.call.name === "shout") controller.abort();
    }
    expect(doneOf(events).reason).toBe("aborted");
    expect(toolResults(events).map((event) => [event.call.name, event.outcome])).toEqual([
      ["shout", "ok"],
      ["mcp_fx_hang", "cancelled"],
      ["wait", "cancelled"],
    ]);
    const results = toolMessages(agent.messages);
    expect(results.map((message) => [message.toolName, textOf(message.content)])).toEqual([
      ["mcp_fx_hang", 'Tool "mcp_fx_hang" was cancelled.'],
      ["shout", "QUICK"],
      ["wait", 'Tool "wait" was cancelled.'],
    ]);
    expect(toolResults(events).map((event) => event.result.code)).toEqual([
      undefined,
      "ABORTED",
      "ABORTED",
    ]);
    expect(historyProblems(agent.messages)).toEqual([]);
    // The MCP server saw the cancellation of the hanging call.
    const stats = await suite.world().registry.dispatch("mcp_fx_stats", {});
    expect(JSON.parse(textOf(stats.content))).toMatchObject({ cancelled: 1 });

    const next = doneOf(await collect(agent.run("Again")));
    expect(next).toMatchObject({ reason: "completed", text: "Fresh start." });
    expect(historyProblems(agent.messages)).toEqual([]);
  });

  it("cancels a call whose approval is still pending when the run aborts", async () => {
    const controller = new AbortController();
    let hookSignal: AbortSignal | undefined;
    const agent = await suite.agentFor(
      [{ calls: [["shout", { text: "wait for me" }]] }, { text: "Later." }],
      {
        // A person who never answers: the hook waits until the run's signal aborts.
        approve: (_call, _definition, { signal }) => {
          hookSignal = signal;
          setTimeout(() => controller.abort(), 50);
          return new Promise<boolean>(() => {});
        },
      },
    );
    const events = await collect(agent.run("Shout", { signal: controller.signal }));
    expect(doneOf(events).reason).toBe("aborted");
    expect(hookSignal?.aborted).toBe(true);
    expect(toolResults(events).map((event) => event.outcome)).toEqual(["cancelled"]);
    expect(historyProblems(agent.messages)).toEqual([]);
    expect(doneOf(await collect(agent.run("Again"))).text).toBe("Later.");
  });

  it("keeps the partial answer when the consumer stops during the stream", async () => {
    const agent = await suite.agentFor([{ text: "One two three four." }, { text: "Next." }]);
    for await (const event of agent.run("Count")) {
      if (event.type === "text-delta") break;
    }
    const last = agent.messages.at(-1);
    expect(last?.role).toBe("assistant");
    const partial = last?.role === "assistant" ? last.content : "";
    expect(partial.length).toBeGreaterThan(0);
    expect("One two three four.".startsWith(partial)).toBe(true);
    expect(doneOf(await collect(agent.run("Again"))).text).toBe("Next.");
  });

  it("treats leaving the loop early as an abort and repairs the history", async () => {
    const agent = await suite.agentFor([
      {
        calls: [
          ["mcp_fx_hang", {}],
          ["shout", { text: "x" }],
        ],
      },
      { text: "Back." },
    ]);
    for await (const event of agent.run("Go")) {
      if (event.type === "tool-result") break;
    }
    expect(agent.running).toBe(false);
    expect(historyProblems(agent.messages)).toEqual([]);
    expect(toolMessages(agent.messages)).toHaveLength(2);
    expect(doneOf(await collect(agent.run("Again"))).text).toBe("Back.");
  });

  it("cuts long tool results for the model and says so, keeping the full result in the event", async () => {
    const agent = await suite.agentFor(
      [{ calls: [["mcp_fx_big", { bytes: 5000 }]] }, { text: "ok" }],
      {
        maxToolResultChars: 1000,
      },
    );
    const events = await collect(agent.run("Big"));
    expect(textOf(toolResults(events)[0]?.result.content ?? [])).toHaveLength(5000);
    const [message] = toolMessages(agent.messages);
    // Head and tail, half the limit each, around one line saying how much was cut.
    expect(textOf(message?.content ?? [])).toBe(
      `${"x".repeat(500)}\n[… 4,000 of 5,000 characters removed …]\n${"x".repeat(500)}`,
    );
  });

  it("replaces images with a placeholder for a model without vision, and keeps them with vision", async () => {
    const blind = await suite.agentFor([{ calls: [["mcp_fx_image", {}]] }, { text: "ok" }]);
    await collect(blind.run("Picture"));
    const [placeholder] = toolMessages(blind.messages);
    expect(placeholder?.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^\[the tool returned an image \(image\/png, about 1 KB\)\. It is not shown to you because this model does not accept images; the user sees it when their front end shows tool images/,
        ),
      },
    ]);
    await suite.closeRig();

    const seeing = await suite.agentFor(
      [{ calls: [["mcp_fx_image", {}]] }, { text: "ok" }],
      {},
      { vision: true },
    );
    await collect(seeing.run("Picture"));
    const [image] = toolMessages(seeing.messages);
    expect(image?.content).toEqual([{ type: "image", mimeType: "image/png", data: TINY_PNG }]);
  });
}
