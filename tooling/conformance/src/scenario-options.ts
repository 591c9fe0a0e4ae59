import { pathToFileURL } from "node:url";
import type { ServerEntry } from "@tinyloop/mcp-registration";
import { type ConnectOptions, MemoryOAuthStore, type OAuthConfig } from "@tinyloop/mcp-transport";
import { type MachineAuthContext, machineAuthConfig } from "./machine-auth-options.js";

/** The client-ID metadata document URL the suite's CIMD scenario expects. */
const CONFORMANCE_CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

/**
 * The person's browser: opens the authorization URL and follows the redirects, the last of
 * which reaches the client's loopback callback (the suite's authorization server approves
 * at once, as a user clicking "allow" would).
 */
async function browse(url: URL): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
}

/** Client credentials the suite hands over for pre-registration scenarios. */
function context(env: NodeJS.ProcessEnv): MachineAuthContext {
  try {
    return JSON.parse(env.MCP_CONFORMANCE_CONTEXT ?? "{}");
  } catch {
    return {};
  }
}

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
  env: NodeJS.ProcessEnv,
): Promise<ScenarioSetup> {
  const entry: ServerEntry = { type: "http", url, timeouts: { connectMs: 20_000, callMs: 20_000 } };
  // Like the CLI, the client offers roots and answers elicitation; here the "user" accepts
  // every form as offered, so each field takes its default (SEP-1034, applied by the library).
  const connection: ConnectOptions = {
    reconnect: { initialRetries: 0 },
    roots: [{ uri: pathToFileURL(process.cwd()).href, name: "workspace" }],
    onElicit: async () => ({ action: "accept", content: {} }),
  };
  if (scenario.startsWith("auth/")) {
    // OAuth as the CLI runs it, with the tokens kept in memory for this one run.
    connection.oauth = { store: new MemoryOAuthStore(), authorize: browse };
    const oauth: OAuthConfig = {};
    const given = context(env);
    if (scenario === "auth/basic-cimd") oauth.clientMetadataUrl = CONFORMANCE_CLIENT_METADATA_URL;
    if (given.client_id) oauth.clientId = given.client_id;
    if (given.client_secret) oauth.clientSecret = given.client_secret;
    entry.oauth = machineAuthConfig(scenario, given, oauth) ?? oauth;
  }
  return { entry, connection };
}
