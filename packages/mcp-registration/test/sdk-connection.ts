// A ServerConnection straight over the MCP SDK client (real process, real pipe), to show
// that registerServer works with any connection of that shape, not only the transport's.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpToolDescription, ServerConnection } from "../src/index.js";

/** A connection over the SDK client; `close()` ends the server process. */
export interface SdkConnection extends ServerConnection {
  client: Client;
  close(): Promise<void>;
}

export async function sdkConnection(
  name: string,
  command: { command: string; args: string[] },
  env: Record<string, string> = {},
): Promise<SdkConnection> {
  const transport = new StdioClientTransport({
    ...command,
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  transport.stderr?.on("data", () => undefined); // always read stderr
  const client = new Client({ name: "sdk-connection", version: "1.0.0" });
  await client.connect(transport);
  const listChanged = new Set<() => void>();
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    for (const listener of listChanged) listener();
  });
  let state = "ready";
  return {
    name,
    client,
    get state() {
      return state;
    },
    onStateChange: () => () => undefined,
    async listTools() {
      const tools: McpToolDescription[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    },
    callTool: (tool, args, options = {}) =>
      client.callTool({ name: tool, arguments: args }, undefined, {
        signal: options.signal,
        onprogress: options.onProgress,
        timeout: options.timeoutMs,
      }),
    onToolsListChanged(listener) {
      listChanged.add(listener);
      return () => listChanged.delete(listener);
    },
    async close() {
      state = "closed";
      await client.close();
    },
  };
}
