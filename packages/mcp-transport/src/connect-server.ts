import { isStdioConfig, type ServerConfig } from "./config-schema.js";
import type { ConnectionSettings } from "./connection-settings.js";
import type { ConnectOptions, McpConnection } from "./connection-types.js";
import {
  DEFAULT_KILL_AFTER_MS,
  DEFAULT_RECONNECT,
  DEFAULT_TIMEOUTS,
  DEFAULT_WHILE_RECONNECTING,
} from "./defaults.js";
import { McpTransportError } from "./errors.js";
import { ManagedConnection } from "./managed-connection.js";
import { parseServerConfig } from "./parse-server-config.js";
import { RedactingConnection } from "./redacting-connection.js";
import { createSecretRedactor, redactError } from "./secret-redactor.js";
import type { McpSpanTarget } from "./tracing/mcp-client-span.js";
import { tracedFactory } from "./tracing/traced-factory.js";
import type { TransportFactory } from "./transport-handle.js";
import { checkWhileReconnecting } from "./while-reconnecting.js";

/**
 * Starts (stdio) or reaches (Streamable HTTP / SSE) an MCP server and resolves once it is
 * initialized. The connection then keeps itself alive (see README). Rejects with an
 * McpTransportError (`CONFIG_INVALID` before anything is spawned, `SERVER_NOT_FOUND`,
 * `SERVER_EXITED`, `CONNECT_TIMEOUT`, `AUTH`, `HTTP_STATUS`, `UNREACHABLE`, …) after the
 * `initialRetries` retries are used up, or with `ABORTED` when `options.signal` aborts first.
 *
 * The config should already be interpolated (see `interpolate`); `enabled` is not looked at.
 *
 * @example
 * const fs = await connectServer("fs", { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] });
 * const tools = await fs.listTools();
 * const result = await fs.callTool("list_directory", { path: "." }, { timeoutMs: 10_000 });
 * await fs.close();
 */
export async function connectServer(
  name: string,
  config: ServerConfig,
  options: ConnectOptions = {},
): Promise<McpConnection> {
  const parsed = parseServerConfig(config, name);
  checkWhileReconnecting(options.whileReconnecting, "connectServer options", name);
  // Every line and error leaving this package has the config's secrets masked: a server
  // may echo its headers, env or URL credentials in an error body or on stderr.
  const redact = createSecretRedactor(parsed);
  const onLog = options.onLog;
  const settings = resolveSettings(parsed, {
    ...options,
    ...(onLog ? { onLog: (line: string) => onLog(redact(line)) } : {}),
  });
  const killAfterMs = options.killAfterMs ?? DEFAULT_KILL_AFTER_MS;
  let factory: TransportFactory;
  if (isStdioConfig(parsed)) {
    // Loaded on demand so the root entry does not pull in node:child_process.
    const { createStdioFactory } = await import("./stdio/stdio-factory.js");
    factory = createStdioFactory(name, parsed, {
      connectMs: settings.timeouts.connectMs,
      killAfterMs,
      closeGraceMs: options.closeGraceMs ?? 2_000, // the wait is cut to killAfterMs where it runs
      ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
      ...(settings.onLog ? { onLog: settings.onLog } : {}),
    });
  } else {
    // Loaded on demand too: the SDK's HTTP and SSE transports and its OAuth client (with
    // their zod schemas, built when loaded) are not needed by a program with stdio servers.
    const { createHttpFactory } = await import("./http-factory.js");
    factory = createHttpFactory(name, parsed, {
      connectMs: settings.timeouts.connectMs,
      ...(settings.onLog ? { onLog: settings.onLog } : {}),
      ...(options.oauth ? { oauth: options.oauth, clientName: settings.clientInfo.name } : {}),
    });
  }
  // Checked after the loads above: a signal that fired meanwhile spawns and adopts nothing.
  const { signal } = options;
  if (signal?.aborted) throw abortedConnect(name);
  // Every request gets an MCP client span (a no-op until an OpenTelemetry SDK is registered).
  const connection = new ManagedConnection(
    name,
    tracedFactory(factory, spanTarget(name, parsed)),
    settings,
  );
  // Aborting mid-connect closes the connection, which stops the server and ends the attempt.
  const stop = () => void connection.close();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await connection.open();
  } catch (error) {
    throw signal?.aborted ? abortedConnect(name) : redactError(error, redact);
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  return new RedactingConnection(connection, redact);
}

/** Where the spans of a server's requests say they go. */
function spanTarget(name: string, config: ServerConfig): McpSpanTarget {
  if (isStdioConfig(config)) return { server: name, networkTransport: "pipe" };
  const url = new URL(config.url);
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return { server: name, networkTransport: "tcp", address: { host: url.hostname, port } };
}

function abortedConnect(server: string): McpTransportError {
  return new McpTransportError({
    code: "ABORTED",
    server,
    message: `Connecting to server "${server}" was aborted by its signal; no server was left running.`,
  });
}

function resolveSettings(config: ServerConfig, options: ConnectOptions): ConnectionSettings {
  return {
    timeouts: { ...DEFAULT_TIMEOUTS, ...defined(config.timeouts), ...defined(options.timeouts) },
    reconnect: {
      ...DEFAULT_RECONNECT,
      ...defined(config.reconnect),
      ...defined(options.reconnect),
    },
    pingIntervalMs: options.pingIntervalMs ?? config.pingIntervalMs ?? 0,
    whileReconnecting: options.whileReconnecting ?? DEFAULT_WHILE_RECONNECTING,
    clientInfo: options.clientInfo ?? { name: "tinyloop", version: "0.0.0" },
    onLog: options.onLog,
    features: {
      ...(options.onElicit ? { onElicit: options.onElicit } : {}),
      ...(options.onSample ? { onSample: options.onSample } : {}),
      ...(options.roots ? { roots: options.roots } : {}),
      ...(options.onServerLog ? { onServerLog: options.onServerLog } : {}),
    },
  };
}

/** Drops keys whose value is undefined, so they do not override defaults. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
