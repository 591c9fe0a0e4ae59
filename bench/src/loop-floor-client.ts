/**
 * The loop floor: the least an agent loop over HTTP can do. The raw MCP SDK client plus
 * `fetch` and a hand-rolled SSE reader against the OpenAI-compatible endpoint: no
 * validation, no events, no abstractions. Tool calls of a turn run at once. Run from
 * dist/ (`node dist/loop-floor-client.js plan.json`).
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { LoopFloorPlan } from "./loop-floor-plan.js";

interface Call {
  id: string;
  name: string;
  arguments: string;
}

interface Delta {
  content?: string | null;
  tool_calls?: Array<{
    index: number;
    id?: string;
    function?: { name?: string; arguments?: string };
  }>;
}

const planPath = process.argv[2];
if (!planPath) throw new Error("usage: node loop-floor-client.js PLAN.json");
const plan = JSON.parse(readFileSync(planPath, "utf8")) as LoopFloorPlan;

const route = new Map<string, { client: Client; tool: string }>();
const tools: unknown[] = [];
const clients = await Promise.all(
  plan.servers.map(async (server) => {
    const client = new Client({ name: "tinyloop-bench-loop-floor", version: "0.0.0" });
    await client.connect(new StdioClientTransport({ ...server, stderr: "pipe" }));
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      for (const tool of page.tools) {
        const name = `mcp_${server.name}_${tool.name}`;
        route.set(name, { client, tool: tool.name });
        tools.push({
          type: "function",
          function: { name, description: tool.description ?? "", parameters: tool.inputSchema },
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return client;
  }),
);

/** One streamed model turn: its text and its tool calls, assembled from the deltas. */
async function modelTurn(messages: unknown[]): Promise<{ text: string; calls: Call[] }> {
  const response = await fetch(`${plan.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: plan.model, messages, tools, stream: true }),
  });
  if (!response.ok || !response.body) throw new Error(`model answered HTTP ${response.status}`);
  let text = "";
  const calls: Call[] = [];
  let buffered = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffered.indexOf("\n\n");
    while (end !== -1) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf("\n\n");
      if (!event.startsWith("data: ") || event === "data: [DONE]") continue;
      const delta = (JSON.parse(event.slice(6)) as { choices: Array<{ delta?: Delta }> }).choices[0]
        ?.delta;
      if (delta?.content) text += delta.content;
      for (const part of delta?.tool_calls ?? []) {
        const call = calls[part.index] ?? { id: "", name: "", arguments: "" };
        calls[part.index] = call;
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
      }
    }
  }
  return { text, calls };
}

const messages: unknown[] = [{ role: "user", content: plan.prompt }];
let answer = "";
for (let turn = 0; turn < plan.maxTurns; turn++) {
  const { text, calls } = await modelTurn(messages);
  if (calls.length === 0) {
    answer = text;
    break;
  }
  messages.push({
    role: "assistant",
    content: text,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    })),
  });
  const results = await Promise.all(
    calls.map(async (call) => {
      const target = route.get(call.name);
      if (!target) return `unknown tool ${call.name}`;
      const result = await target.client.callTool({
        name: target.tool,
        arguments: call.arguments ? (JSON.parse(call.arguments) as Record<string, unknown>) : {},
      });
      const content = result.content as Array<{ type: string; text?: string }>;
      return content.map((block) => block.text ?? "").join("\n");
    }),
  );
  calls.forEach((call, index) => {
    messages.push({ role: "tool", tool_call_id: call.id, content: results[index] });
  });
}
await Promise.all(clients.map((client) => client.close()));
process.stdout.write(`${answer}\n`);
