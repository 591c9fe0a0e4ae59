/**
 * The Vercel AI SDK contender: one `createMCPClient` over the stdio transport per server,
 * their tools merged under `mcp_<server>_<tool>` (the AI SDK leaves naming to the caller;
 * these are tinyloop's names, so both play the same script), and `streamText` with
 * `stopWhen: stepCountIs(maxTurns)` against the scripted endpoint through
 * `@ai-sdk/openai-compatible`. Run from dist/ (`node dist/ai-sdk-client.js plan.json`).
 */
import { readFileSync } from "node:fs";
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { stepCountIs, streamText, type ToolSet } from "ai";
import type { LoopFloorPlan } from "./loop-floor-plan.js";

const planPath = process.argv[2];
if (!planPath) throw new Error("usage: node ai-sdk-client.js PLAN.json");
const plan = JSON.parse(readFileSync(planPath, "utf8")) as LoopFloorPlan;

const clients = await Promise.all(
  plan.servers.map((server) =>
    createMCPClient({
      transport: new StdioMCPTransport({
        command: server.command,
        args: server.args,
        env: server.env,
      }),
    }),
  ),
);
try {
  const tools: ToolSet = {};
  const perServer = await Promise.all(clients.map((client) => client.tools()));
  perServer.forEach((serverTools, index) => {
    const server = plan.servers[index]?.name;
    for (const [name, tool] of Object.entries(serverTools)) tools[`mcp_${server}_${name}`] = tool;
  });
  const provider = createOpenAICompatible({
    name: "scripted",
    baseURL: plan.baseURL,
    apiKey: "bench-key",
  });
  const result = streamText({
    model: provider(plan.model),
    prompt: plan.prompt,
    tools,
    stopWhen: stepCountIs(plan.maxTurns),
  });
  process.stdout.write(`${await result.text}\n`);
} finally {
  await Promise.all(clients.map((client) => client.close()));
}
