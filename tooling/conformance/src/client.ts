/**
 * The conformance client: `@modelcontextprotocol/conformance` starts a scenario's test
 * server, then runs `node --import tsx client.ts <server-url>` with MCP_CONFORMANCE_SCENARIO
 * set. The client does what tinyloop does for any configured server — `connectAll` (connect,
 * list, register into a ToolRegistry) and `registry.dispatch` of every tool — with the
 * scenario only choosing the options a user or embedding program would set.
 */
import { connectAll, exampleArguments } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { scenarioOptions } from "./scenario-options.js";

/** The conformance servers' tools take simple arguments (`add_numbers` two numbers): 1 and "test". */
const SCRIPTED_FILLERS = { number: 1, string: "test" };

const SERVER = "conformance";

async function main(): Promise<number> {
  const url = process.argv.at(-1);
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("usage: client.ts <server-url>  (MCP_CONFORMANCE_SCENARIO names the scenario)");
    return 2;
  }
  const { entry, connection } = await scenarioOptions(scenario, url, process.env);
  const registry = new ToolRegistry();
  const hub = await connectAll({ [SERVER]: entry }, registry, {
    connection: { ...connection, onLog: (line) => console.error(`[log] ${line}`) },
    onEvent: (event) =>
      console.error(`[event] ${event.type}${"reason" in event ? `: ${event.reason}` : ""}`),
  });
  let status = 0;
  try {
    const server = hub.servers().find((s) => s.name === SERVER);
    if (server?.state !== "ready") {
      console.error(`server did not become ready: ${server?.lastError ?? server?.state}`);
      return 1;
    }
    for (const tool of registry.list({ toolsets: [`mcp-${SERVER}`] })) {
      const result = await registry.dispatch(
        tool.name,
        exampleArguments(tool.inputSchema, SCRIPTED_FILLERS),
      );
      const text = result.content.map((block) => ("text" in block ? block.text : block.type));
      console.log(`${tool.name}: ${result.isError ? "ERROR " : ""}${text.join(" ")}`);
      if (result.isError) status = 1;
    }
  } finally {
    await hub.close();
  }
  return status;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
