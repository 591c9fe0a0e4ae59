import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

// toolSearch: a served request offers the model only the tools not kept back plus
// tool_search, and a tool the search finds is called in the next turn of the same request.

let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

type Body = {
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content?: unknown }>;
};
const offered = (current: ServeRig, index: number) =>
  ((current.modelServer.requests[index]?.body ?? { messages: [] }) as Body).tools?.map(
    (tool) => tool.function.name,
  ) ?? [];

describe("toolSearch", () => {
  it('"always": the first turn gets tool_search and no MCP tool; the found tool is called next turn, for this request only', async () => {
    const current = await startServeRig(
      [
        { toolCalls: [{ name: "tool_search", arguments: { query: "add two numbers" } }] },
        { toolCalls: [{ name: "mcp_fx_add", arguments: { a: 2, b: 3 } }] },
        { text: "The sum is 5." },
        { text: "Hello again." },
      ],
      { toolSearch: "always" },
    );
    rig = current;
    const answer = await current.client.chat.completions.create({
      model: MODEL_NAME,
      messages: [{ role: "user", content: "2+3?" }],
    });
    expect(answer.choices[0]?.message.content).toBe("The sum is 5.");
    expect(current.modelServer.requests).toHaveLength(3);
    expect(offered(current, 0)).toContain("tool_search");
    expect(offered(current, 0).filter((name) => name.startsWith("mcp_fx_"))).toEqual([]);
    expect(offered(current, 1)).toContain("mcp_fx_add");
    const last = ((current.modelServer.requests[2]?.body ?? { messages: [] }) as Body).messages;
    const toolResults = last.filter((m) => m.role === "tool").map((m) => m.content);
    expect(toolResults.at(-1)).toBe("5");
    // The next request has its own agent: the tool found before is kept back again.
    await current.client.chat.completions.create({
      model: MODEL_NAME,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(offered(current, 3)).toContain("tool_search");
    expect(offered(current, 3)).not.toContain("mcp_fx_add");
  });

  it('"never": every tool is offered from the first turn, without tool_search', async () => {
    const current = await startServeRig([{ text: "Hi." }], { toolSearch: "never" });
    rig = current;
    await current.client.chat.completions.create({
      model: MODEL_NAME,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(offered(current, 0)).toContain("mcp_fx_add");
    expect(offered(current, 0)).not.toContain("tool_search");
  });
});
