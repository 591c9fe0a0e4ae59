import { pathToFileURL } from "node:url";
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
  // Like the CLI, the client offers roots and answers elicitation; here the "user" accepts
  // every form as offered, so each field takes its default (SEP-1034, applied by the library).
  const connection: ConnectOptions = {
    reconnect: { initialRetries: 0 },
    roots: [{ uri: pathToFileURL(process.cwd()).href, name: "workspace" }],
    onElicit: async () => ({ action: "accept", content: {} }),
  };
  switch (scenario) {
    default:
      return { entry, connection };
  }
}
