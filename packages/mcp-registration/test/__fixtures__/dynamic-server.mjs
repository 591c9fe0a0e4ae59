// A small real MCP server (stdio) whose tool list a test controls, for what the shared
// fixture server cannot do: remove and change tools mid-session, and list arbitrary names.
// argv[2]: JSON { "name"?: string, "tools": [{ "name": string, "description"?: string, "inputSchema"?: object }] }
// Tool "control" (always present) takes { add?: [tool], remove?: [name], replace?: [tool] }
// and sends notifications/tools/list_changed, or { release: true } to let held calls answer.
// Every other tool echoes { tool, args } (after waiting `delayMs` when the arguments have it,
// or until a release when they have `hold: true`; with `structured` as structuredContent).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const spec = JSON.parse(process.argv[2] ?? "{}");
const tools = new Map();
const put = (tool) =>
  tools.set(tool.name, {
    description: `dynamic tool ${tool.name}`,
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
    ...tool,
  });
for (const tool of spec.tools ?? []) put(tool);

const control = {
  name: "control",
  description: "Adds, removes or replaces tools, then notifies tools/list_changed.",
  inputSchema: {
    type: "object",
    properties: {
      add: { type: "array" },
      remove: { type: "array" },
      replace: { type: "array" },
      release: { type: "boolean" },
    },
  },
};

const server = new Server(
  { name: spec.name ?? "dynamic", version: "1.0.0" },
  { capabilities: { tools: { listChanged: true } } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [control, ...tools.values()],
}));
/** Calls waiting for `control({ release: true })`. */
const held = [];

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (name === "control" && args.release) {
    const count = held.length;
    for (const release of held.splice(0)) release();
    return { content: [{ type: "text", text: `released ${count}` }] };
  }
  if (name === "control") {
    for (const tool of args.add ?? []) put(tool);
    for (const tool of args.replace ?? []) put(tool);
    for (const removed of args.remove ?? []) tools.delete(removed);
    await server.sendToolListChanged();
    return { content: [{ type: "text", text: `tools: ${[...tools.keys()].join(", ")}` }] };
  }
  if (!tools.has(name))
    return { content: [{ type: "text", text: `no tool ${name}` }], isError: true };
  if (typeof args.delayMs === "number")
    await new Promise((resolve) => setTimeout(resolve, args.delayMs));
  if (args.hold) await new Promise((resolve) => held.push(resolve));
  const result = { content: [{ type: "text", text: JSON.stringify({ tool: name, args }) }] };
  return args.structured ? { ...result, structuredContent: args.structured } : result;
});
await server.connect(new StdioServerTransport());
process.stdin.on("end", () => process.exit(0));
