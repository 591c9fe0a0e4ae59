import type { McpToolDescription, ServerConnection } from "./server-connection.js";

/**
 * `connection` with every successful `listTools` also handed to `onListed`: how the hub
 * keeps a lazy server's manifest cache as fresh as the last listing.
 */
export function recordingConnection(
  connection: ServerConnection,
  onListed: (tools: readonly McpToolDescription[]) => void,
): ServerConnection {
  return {
    get name() {
      return connection.name;
    },
    get state() {
      return connection.state;
    },
    onStateChange: (listener) => connection.onStateChange(listener),
    onToolsListChanged: (listener) => connection.onToolsListChanged(listener),
    callTool: (name, args, options) => connection.callTool(name, args, options),
    listTools: async () => {
      const tools = await connection.listTools();
      onListed(tools);
      return tools;
    },
  };
}
