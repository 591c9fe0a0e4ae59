/**
 * The OpenAI Agents SDK contender: an `Agent` with one `MCPServerStdio` per server, run
 * by `run()` (streamed: the scripted model only streams) against the scripted endpoint
 * through `OpenAIChatCompletionsModel`. Written as a user of that SDK would write it; the
 * one non-default is `includeServerInToolNames`, without which servers that share tool
 * names are refused. Run from dist/ (`node dist/openai-agents-client.js plan.json`).
 */
import { readFileSync } from "node:fs";
import {
  Agent,
  MCPServerStdio,
  OpenAIChatCompletionsModel,
  run,
  setTracingDisabled,
} from "@openai/agents";
import OpenAI from "openai";
import type { LoopFloorPlan } from "./loop-floor-plan.js";

const planPath = process.argv[2];
if (!planPath) throw new Error("usage: node openai-agents-client.js PLAN.json");
const plan = JSON.parse(readFileSync(planPath, "utf8")) as LoopFloorPlan;

// Traces would be exported to OpenAI's hosted endpoint, which a local run must not call.
setTracingDisabled(true);

const servers = plan.servers.map(
  (server) =>
    new MCPServerStdio({
      name: server.name,
      command: server.command,
      args: server.args,
      env: server.env,
      cacheToolsList: true,
    }),
);
await Promise.all(servers.map((server) => server.connect()));
try {
  const agent = new Agent({
    name: "bench",
    instructions: "Use the tools to do the task.",
    model: new OpenAIChatCompletionsModel(
      new OpenAI({ baseURL: plan.baseURL, apiKey: "bench-key" }),
      plan.model,
    ),
    mcpServers: servers,
    mcpConfig: { includeServerInToolNames: true },
  });
  const result = await run(agent, plan.prompt, { stream: true, maxTurns: plan.maxTurns });
  await result.completed;
  process.stdout.write(`${String(result.finalOutput ?? "")}\n`);
} finally {
  await Promise.all(servers.map((server) => server.close()));
}
