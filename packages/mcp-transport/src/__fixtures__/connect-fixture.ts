import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import type { ProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { connectServer } from "../connect-server.js";
import type { ConnectOptions, McpConnection } from "../connection-types.js";

/** Fixture-server flags, as `fixtureServer` takes them. */
export type FixtureFlags = Parameters<typeof fixtureServer>[0];

/**
 * A `connectFixture(flags, options)` for one test file: connects to a stdio fixture server
 * carrying the guard's process marker, and has the guard close it after the test.
 */
export function fixtureConnector(
  guard: ProcessGuard,
  defaults: ConnectOptions,
): (flags?: FixtureFlags, options?: ConnectOptions) => Promise<McpConnection> {
  return async (flags = {}, options = defaults) => {
    const { command, args } = fixtureServer(flags);
    return guard.track(await connectServer("fx", { command, args, env: guard.env() }, options));
  };
}
