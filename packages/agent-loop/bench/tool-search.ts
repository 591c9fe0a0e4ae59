// Benchmark: what tool search saves and costs, on real processes and real HTTP.
// 20 fixture MCP servers × 50 tools (1,000 tools) in one registry; the OpenAI-compatible
// adapter talks to the scripted model server. The scripted task: call one tool of one
// server (`mcp_s7_tool_20`) and answer.
// - off (`toolSearch: "never"`, the baseline): every schema in every request, 2 model turns;
// - on (`toolSearch: "always"`): `tool_search` finds the tool by name, then it is called:
//   3 model turns, each request carrying only the offered tools.
// Bytes are counted in the requests the model server received; tokens are estimated as
// bytes ÷ 4 (`estimateTokens`). Run with `pnpm --filter @tinyloop/agent-loop bench:tool-search`.
import { Agent, estimateTokens } from "@tinyloop/agent-loop";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { connectAll } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { startScriptedModelServer } from "@tinyloop/test-fixtures/model-server";

const SERVERS = 20;
const TARGET = "mcp_s7_tool_20";

const registry = new ToolRegistry();
// The fixture has 15 tools of its own; 35 extras make 50 per server.
const hub = await connectAll(
  Object.fromEntries(
    Array.from({ length: SERVERS }, (_, i) => [
      `s${i}`,
      fixtureServer({ name: `s${i}`, tools: 35 }),
    ]),
  ),
  registry,
);
const mcpTools = registry.list().filter((tool) => tool.source !== undefined).length;
if (mcpTools !== SERVERS * 50)
  throw new Error(`expected ${SERVERS * 50} MCP tools, got ${mcpTools}`);

interface Measured {
  turns: number;
  firstToolsBytes: number;
  firstRequestBytes: number;
  totalToolsBytes: number;
  totalRequestBytes: number;
  completed: boolean;
}

async function task(mode: "never" | "always", script: unknown[]): Promise<Measured> {
  const server = await startScriptedModelServer({ script: script as never });
  try {
    const model = createOpenAICompatible({
      baseURL: server.baseURL,
      model: "scripted",
      apiKey: "bench",
      maxRetries: 0,
    });
    const agent = new Agent({ model, registry, toolSearch: mode, systemPrompt: "Be brief." });
    let turns = 0;
    let completed = false;
    for await (const event of agent.run(`Call ${TARGET} with the text "hi".`)) {
      if (event.type === "done") {
        turns = event.turns;
        completed = event.reason === "completed";
      }
      if (event.type === "tool-result" && event.result.isError) {
        throw new Error(`${event.call.name} failed: ${JSON.stringify(event.result.content)}`);
      }
    }
    const toolsBytes = server.requests.map((request) =>
      Buffer.byteLength(JSON.stringify((request.body as { tools?: unknown }).tools ?? [])),
    );
    const requestBytes = server.requests.map((request) => Buffer.byteLength(request.rawBody));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      turns,
      completed,
      firstToolsBytes: toolsBytes[0] ?? 0,
      firstRequestBytes: requestBytes[0] ?? 0,
      totalToolsBytes: sum(toolsBytes),
      totalRequestBytes: sum(requestBytes),
    };
  } finally {
    await server.close();
  }
}

const call = { toolCalls: [{ name: TARGET, arguments: { text: "hi" } }] };
const answer = { text: "Done: the tool said hi." };
const off = await task("never", [call, answer]);
const on = await task("always", [
  { toolCalls: [{ name: "tool_search", arguments: { query: TARGET } }] },
  call,
  answer,
]);
await hub.close();
if (!off.completed || !on.completed) throw new Error("a scripted task did not complete");

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const tokens = (bytes: number) => estimateTokens(bytes).toLocaleString("en-US");
const pct = (a: number, b: number) => `${((1 - b / a) * 100).toFixed(1)} % fewer`;
const ratio = (a: number, b: number) => `${(b / a).toFixed(3)}×`;
console.log(
  [
    `\n### Tool schemas in the prompt: ${SERVERS} servers × 50 tools (${mcpTools} MCP tools)\n`,
    "| measure | search off (baseline) | search on | ratio | saved |",
    "|---|---:|---:|---:|---:|",
    `| tool schemas, first request (bytes) | ${kb(off.firstToolsBytes)} | ${kb(on.firstToolsBytes)} | ${ratio(off.firstToolsBytes, on.firstToolsBytes)} | ${pct(off.firstToolsBytes, on.firstToolsBytes)} |`,
    `| tool schemas, first request (est. tokens) | ${tokens(off.firstToolsBytes)} | ${tokens(on.firstToolsBytes)} | ${ratio(off.firstToolsBytes, on.firstToolsBytes)} | ${pct(off.firstToolsBytes, on.firstToolsBytes)} |`,
    `| whole first request (bytes) | ${kb(off.firstRequestBytes)} | ${kb(on.firstRequestBytes)} | ${ratio(off.firstRequestBytes, on.firstRequestBytes)} | ${pct(off.firstRequestBytes, on.firstRequestBytes)} |`,
    `| model turns for the task | ${off.turns} | ${on.turns} | ${ratio(off.turns, on.turns)} | +${on.turns - off.turns} turn |`,
    `| all requests of the task (bytes) | ${kb(off.totalRequestBytes)} | ${kb(on.totalRequestBytes)} | ${ratio(off.totalRequestBytes, on.totalRequestBytes)} | ${pct(off.totalRequestBytes, on.totalRequestBytes)} |`,
    `| all requests of the task (est. tokens) | ${tokens(off.totalRequestBytes)} | ${tokens(on.totalRequestBytes)} | ${ratio(off.totalRequestBytes, on.totalRequestBytes)} | ${pct(off.totalRequestBytes, on.totalRequestBytes)} |`,
    "",
    `Goal ≥ 90 % fewer schema tokens with search on: ${1 - on.firstToolsBytes / off.firstToolsBytes >= 0.9 ? "met" : "NOT met"}. Cost: ${on.turns - off.turns} extra model turn per search.`,
  ].join("\n"),
);
