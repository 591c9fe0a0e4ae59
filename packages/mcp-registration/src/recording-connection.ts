import { ForwardingServerConnection } from "./forwarding-server-connection.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";

/** Forwards everything, handing each successful `listTools` to `onListed` too. */
class RecordingConnection extends ForwardingServerConnection {
  constructor(
    inner: ServerConnection,
    private readonly onListed: (tools: readonly McpToolDescription[]) => void,
  ) {
    super(inner);
  }

  override async listTools(): Promise<readonly McpToolDescription[]> {
    const tools = await super.listTools();
    this.onListed(tools);
    return tools;
  }
}

/**
 * `connection` with every successful `listTools` also handed to `onListed`: how the hub
 * keeps a lazy server's manifest cache as fresh as the last listing. Everything else —
 * capabilities, resources and prompts included — is the connection's own.
 */
export function recordingConnection(
  connection: ServerConnection,
  onListed: (tools: readonly McpToolDescription[]) => void,
): ServerConnection {
  return new RecordingConnection(connection, onListed);
}
