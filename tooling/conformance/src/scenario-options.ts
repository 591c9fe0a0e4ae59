import type { ServerEntry } from "@tinyloop/mcp-registration";
import type { ConnectOptions } from "@tinyloop/mcp-transport";

/** What a scenario needs configured: the server entry and the connection options. */
export interface ScenarioSetup {
  entry: ServerEntry;
  connection: ConnectOptions;
}

/**
 * Maps a conformance scenario to the config and options a tinyloop user would give for
 * such a server. Everything else is the ordinary code path.
 */
export async function scenarioOptions(
  scenario: string,
  url: string,
  _env: NodeJS.ProcessEnv,
): Promise<ScenarioSetup> {
  const entry: ServerEntry = { type: "http", url, timeouts: { connectMs: 20_000, callMs: 20_000 } };
  switch (scenario) {
    default:
      return { entry, connection: { reconnect: { initialRetries: 0 } } };
  }
}
