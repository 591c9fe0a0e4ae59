import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type Task,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type ClientFeatureOptions,
  clientCapabilities,
  installClientFeatures,
  type McpRoot,
} from "./client-features.js";
import type { ConnectionErrors } from "./connection-errors.js";
import { deferResponses } from "./defer-responses.js";
import type { McpTransportError } from "./errors.js";
import { lazySchemaValidator } from "./lazy-schema-validator.js";
import type { LiveSession } from "./live-session.js";
import { recoverConnect } from "./oauth-recovery.js";
import type { TransportFactory } from "./transport-handle.js";

/** What one connect attempt needs from its connection. */
export interface ConnectAttempt {
  server: string;
  factory: TransportFactory;
  session: LiveSession;
  errors: ConnectionErrors;
  clientInfo: { name: string; version: string };
  features: ClientFeatureOptions;
  connectMs: number;
  /** The roots to answer `roots/list` with, as they are when asked. */
  roots: () => McpRoot[] | undefined;
  /** True once the connection was closed: the attempt stops and rejects with `CLOSED`. */
  isClosed: () => boolean;
  /** The server said its tool list changed. */
  onToolsChanged: () => void;
  /** The server sent `notifications/tasks/status` (any client of the connection, old or new). */
  onTaskStatus: (task: Task) => void;
  /** The adopted client's transport closed (the server exited, the stream ended). */
  onDropped: (error: McpTransportError) => void;
  /** The SDK's own warnings (rate-limited by the caller). */
  warn: (line: string) => void;
}

/**
 * One connect attempt: a fresh transport and `Client`, `initialize` bounded by `connectMs`.
 * An OAuth login the server asks for is run and the attempt repeated, as is a transport
 * fallback (Streamable HTTP → legacy SSE). On success the session adopts the client.
 */
export async function connectAttempt(attempt: ConnectAttempt): Promise<void> {
  const { server, factory, session, errors } = attempt;
  const handle = await factory.create();
  // Closed while the factory worked (an abort of connectServer's signal): start nothing.
  if (attempt.isClosed()) {
    await handle.shutdown().catch(() => {});
    throw errors.closed();
  }
  session.attemptHandle = handle;
  const generation = session.nextGeneration();
  const client = new Client(attempt.clientInfo, {
    capabilities: clientCapabilities(attempt.features),
    jsonSchemaValidator: lazySchemaValidator(),
  });
  installClientFeatures(client, server, attempt.features, attempt.roots);
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    if (session.isCurrent(generation)) attempt.onToolsChanged();
  });
  client.setNotificationHandler(TaskStatusNotificationSchema, (notification) =>
    attempt.onTaskStatus(notification.params),
  );
  client.onerror = (error) => attempt.warn(`Server "${server}": ${error.message}`);
  try {
    await client.connect(handle.transport, { timeout: attempt.connectMs });
  } catch (error) {
    // The server wants an OAuth login: run it (the factory bounds how often), then reconnect.
    const loggedIn = await recoverConnect(factory, error, handle);
    const failure = handle.describeFailure(error, "connect");
    await handle.shutdown().catch(() => {});
    if (attempt.isClosed()) throw errors.closed();
    if (loggedIn) return connectAttempt(attempt);
    if (factory.fallback?.(failure)) return connectAttempt(attempt);
    throw failure;
  } finally {
    session.attemptHandle = undefined;
  }
  if (attempt.isClosed()) {
    await handle.shutdown().catch(() => {});
    throw errors.closed();
  }
  factory.connected?.();
  deferResponses(handle, server);
  client.onclose = () => {
    if (!session.isCurrent(generation)) return;
    attempt.onDropped(handle.describeFailure(new Error("the connection closed"), "session"));
  };
  session.adopt(client, handle);
}
