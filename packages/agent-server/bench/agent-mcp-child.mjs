// The agent of mcp-bench.ts as a stdio MCP server, in its own process as an MCP client would
// start it: createAgentMcpServer over the scripted model server (argv[2]) and the fixture MCP
// server's tools, on stdin/stdout. Ends when its client closes stdin.
import { createAgentMcpServer } from "@tinyloop/agent-server";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { connectAll } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";

const registry = new ToolRegistry();
const { command, args } = fixtureServer({ name: "fx" });
const hub = await connectAll({ fx: { command, args } }, registry);
const model = createOpenAICompatible({
  baseURL: `${process.argv[2]}/v1`,
  model: "scripted",
  apiKey: "bench",
  maxRetries: 0,
});
const server = createAgentMcpServer({
  model,
  registry,
  agentName: "bench",
  approval: { mode: "never" },
});
process.stdin.once("end", async () => {
  await server.close();
  await hub.close();
  process.exit(0);
});
await server.connectStdio(process.stdin, process.stdout);
