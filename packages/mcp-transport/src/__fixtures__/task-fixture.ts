import { guardedConnector, type ProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import {
  type RunningTaskHttpServer,
  startTaskHttpServer,
  type TaskServerOptions,
  type TaskServerStats,
  taskServer,
} from "@tinyloop/test-fixtures/task-server";
import { connectServer } from "../connect-server.js";
import type { ConnectOptions, McpConnection } from "../connection-types.js";
import { textOf } from "./helpers.js";

/** A connection named "tasks" to the task fixture server, and (over HTTP) its process. */
export interface TaskFixture {
  connection: McpConnection;
  /** The HTTP server with its controls; undefined over stdio. */
  server?: RunningTaskHttpServer;
}

/** Connects to the task fixture over one transport. */
export type TaskConnect = (
  options?: TaskServerOptions,
  connect?: ConnectOptions,
) => Promise<TaskFixture>;

const QUICK: ConnectOptions = { reconnect: { initialRetries: 0 } };

/**
 * The task fixture over stdio and over Streamable HTTP for one test file: the server is
 * marked with the guard's marker and stopped, the connection closed, after each test.
 */
export function taskConnectors(guard: ProcessGuard): { stdio: TaskConnect; http: TaskConnect } {
  const connect = guardedConnector(guard, connectServer);
  return {
    stdio: async (options = {}, connectOptions = QUICK) => ({
      connection: await connect("tasks", taskServer(options), connectOptions),
    }),
    http: async (options = {}, connectOptions = QUICK) => {
      const server = await startTaskHttpServer(options, guard.env());
      guard.defer(() => server.close());
      const connection = guard.track(
        await connectServer("tasks", { url: server.url }, connectOptions),
      );
      return { connection, server };
    },
  };
}

/** What the fixture saw (`task_stats`; over HTTP across all sessions). */
export async function taskStats(connection: McpConnection): Promise<TaskServerStats> {
  return JSON.parse(textOf(await connection.callTool("task_stats", {}))) as TaskServerStats;
}
