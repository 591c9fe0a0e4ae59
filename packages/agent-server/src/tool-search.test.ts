import { createOpenAICompatible, createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { startScriptedModelServer } from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import { AgentServerError } from "./agent-server-error.js";
import { createAgentServer } from "./create-agent-server.js";

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

describe("a registry with its own tool named tool_search", () => {
  const withOwnToolSearch = () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "tool_search",
        toolset: "docs",
        description: "Searches the documentation.",
        inputSchema: { type: "object", properties: { query: { type: "string" } } },
        annotations: { readOnlyHint: true },
      },
      ({ query }) => `docs about ${String(query)}`,
    );
    return registry;
  };
  const model = createReplayModel({ cassette: [] });

  it("is refused by createAgentServer at once, naming the tool and both fixes, unless toolSearch is never", () => {
    const registry = withOwnToolSearch();
    for (const toolSearch of [undefined, "auto", "always"] as const) {
      const attempt = () =>
        createAgentServer({ model, registry, ...(toolSearch ? { toolSearch } : {}) });
      const failure = (() => {
        try {
          attempt();
        } catch (error) {
          return error;
        }
      })();
      expect(AgentServerError.isInstance(failure) && failure.code).toBe("TOOL_SEARCH_TAKEN");
      expect((failure as Error).message).toContain(
        `the registry has a tool named "tool_search" (toolset "docs"), but with toolSearch "${toolSearch ?? "auto"}"`,
      );
      expect((failure as Error).message).toContain('rename your tool, or pass toolSearch: "never"');
    }
  });

  /** A listening server on `registry` over a scripted model; `ask` sends one completion. */
  async function serve(registry: ToolRegistry, script: unknown[], toolSearch?: "never") {
    const modelServer = await startScriptedModelServer({ script: script as never });
    const server = createAgentServer({
      model: createOpenAICompatible({
        baseURL: modelServer.baseURL,
        model: "scripted",
        apiKey: "model-key",
        maxRetries: 0,
      }),
      registry,
      ...(toolSearch ? { toolSearch } : {}),
      modelName: MODEL_NAME,
      port: 0,
    });
    const url = await server.listen();
    return {
      modelServer,
      ask: () =>
        fetch(`${url}/v1/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            model: MODEL_NAME,
            messages: [{ role: "user", content: "how?" }],
          }),
        }),
      close: async () => {
        await server.close({ graceMs: 0 });
        await modelServer.close();
      },
    };
  }

  it("registered after createAgentServer: each completion is a 500 tool_search_taken that says not to retry, and the model is never asked", async () => {
    const registry = new ToolRegistry();
    const served = await serve(registry, [{ text: "never sent" }]);
    try {
      for (const tool of withOwnToolSearch().list()) registry.register(tool, () => "docs");
      const response = await served.ask();
      expect(response.status).toBe(500);
      expect(response.headers.get("x-should-retry")).toBe("false");
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("tool_search_taken");
      expect(body.error.message).toContain(
        'one named "tool_search" (toolset "docs"), registered after the server started',
      );
      expect(body.error.message).toContain('restart the server with toolSearch: "never"');
      expect(served.modelServer.requests).toHaveLength(0);
    } finally {
      await served.close();
    }
  });

  it('with toolSearch "never" serves requests, and the model calls the registry\'s own tool_search', async () => {
    const served = await serve(
      withOwnToolSearch(),
      [
        { toolCalls: [{ name: "tool_search", arguments: { query: "install" } }] },
        { text: "Found it." },
      ],
      "never",
    );
    try {
      const response = await served.ask();
      expect(response.status).toBe(200);
      const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
      expect(body.choices[0]?.message.content).toBe("Found it.");
      const second = (served.modelServer.requests[1]?.body ?? { messages: [] }) as Body;
      expect(second.messages.filter((m) => m.role === "tool").at(-1)?.content).toBe(
        "docs about install",
      );
    } finally {
      await served.close();
    }
  });
});
