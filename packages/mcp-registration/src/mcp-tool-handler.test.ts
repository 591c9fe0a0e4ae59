import { connectServer } from "@tinyloop/mcp-transport";
import { type ToolResult, toolErrorCode } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { guardedConnector, useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { buildMcpTool } from "./mcp-tool-definition.js";

// The MCP handler on its own (no registry in front), so the transport's failures reach
// call-failure.ts and must come out as the registry's outcomes.
const guard = useProcessGuard();
const connect = guardedConnector(guard, connectServer);

async function handlerFor(tool: string, callMs?: number) {
  const connection = await connect("fx", { ...fixtureServer(), reconnect: { sessionRetries: 0 } });
  const description = (await connection.listTools()).find((item) => item.name === tool);
  if (!description) throw new Error(`fixture server has no tool "${tool}"`);
  const built = buildMcpTool(`mcp_fx_${tool}`, description, {
    server: "fx",
    toolset: "mcp-fx",
    connection,
    lastError: () => undefined,
    ...(callMs === undefined ? {} : { callMs }),
  });
  return { connection, handler: built.handler };
}

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

describe("the MCP tool handler's failures are the registry's outcomes", () => {
  it("a call timeout is TIMEOUT, naming the registered tool and the limit", async () => {
    const { handler } = await handlerFor("hang", 200);
    const result = (await handler({}, {})) as ToolResult;
    expect(toolErrorCode(result)).toBe("TIMEOUT");
    expect(textOf(result)).toMatch(
      /^Tool "mcp_fx_hang" timed out: Tool "hang" on server "fx" did not answer within 200 ms/,
    );
  });

  it("an abort is ABORTED with the registry's text", async () => {
    const { handler } = await handlerFor("hang");
    const controller = new AbortController();
    const pending = handler({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toEqual({
      content: [{ type: "text", text: 'Tool "mcp_fx_hang" was cancelled.' }],
      isError: true,
      code: "ABORTED",
    });
  });

  it("a server that is gone is UNAVAILABLE and the tool is not called", async () => {
    const { connection, handler } = await handlerFor("echo");
    await connection.close();
    const result = (await handler({ text: "hi" }, {})) as ToolResult;
    expect(result).toMatchObject({ isError: true, code: "UNAVAILABLE" });
    expect(textOf(result)).toBe(
      'Tool "mcp_fx_echo" is unavailable: MCP server "fx" has been closed.',
    );
  });
});
