import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { guardedConnector, type ProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { connectServer } from "../connect-server.js";
import type { ConnectOptions, McpConnection } from "../connection-types.js";

/** Fixture-server flags, as `fixtureServer` takes them. */
export type FixtureFlags = Parameters<typeof fixtureServer>[0];

/**
 * A `connectFixture(flags, options)` for one test file: connects to a stdio fixture server
 * through the guard's one connector (`guardedConnector`: marked, closed after the test).
 */
export function fixtureConnector(
  guard: ProcessGuard,
  defaults: ConnectOptions,
): (flags?: FixtureFlags, options?: ConnectOptions) => Promise<McpConnection> {
  const connect = guardedConnector(guard, connectServer);
  return async (flags = {}, options = defaults) => {
    const { command, args } = fixtureServer(flags);
    return connect("fx", { command, args }, options);
  };
}
