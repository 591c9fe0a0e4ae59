import { FileOAuthStore, logIn, McpTransportError } from "@tinyloop/mcp-transport";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { EXIT } from "../io.js";
import { cliOAuthOptions, oauthStoreDir } from "../session/cli-oauth.js";

/**
 * `tinyloop mcp login NAME [AGENT]`: logs in to the HTTP server NAME of the agent afresh —
 * mcp-transport's `logIn`: the browser opens (and the URL is printed), the redirect comes back
 * to a loopback port, and the tokens are stored under the user's config folder (0600).
 * Tokens are never printed.
 */
export async function mcpLoginCommand(
  name: string,
  agentArg: string | undefined,
  io: Io,
): Promise<number> {
  const spec = await readAgent(agentArg, io, { expandModel: false });
  const server = spec.servers.find((s) => s.name === name);
  if (!server) {
    const names = spec.servers.map((s) => s.name).join(", ") || "none";
    throw new CliError({
      code: "USAGE",
      message: `no server named "${name}" in ${spec.file ?? "the default agent"} (its servers: ${names}); e.g. tinyloop mcp login github agent.json`,
    });
  }
  const oauth = cliOAuthOptions({ env: io.env, stderr: io.stderr, interactive: true });
  let loggedIn: boolean;
  let grant: string | undefined;
  try {
    ({ loggedIn, grant } = await logIn(name, server.config, oauth));
  } catch (error) {
    // A stdio server is the user's mistake (exit 2); a login that failed is a run error.
    if (McpTransportError.isInstance(error) && error.code === "CONFIG_INVALID") {
      throw new CliError({ code: "USAGE", message: error.message, cause: error });
    }
    io.stderr.write(`login to ${name} failed: ${(error as Error).message}\n`);
    return EXIT.runError;
  }
  const tokenFile = new FileOAuthStore(oauthStoreDir(io.env)).fileOf(name);
  io.stderr.write(
    grant
      ? `connected to ${name} with grant ${grant}: it needs no login (its tokens are fetched at each connection and kept in memory only)\n`
      : loggedIn
        ? `logged in to ${name}; the tokens are saved in ${tokenFile}\n`
        : `connected to ${name}; it asked for no login, so nothing was saved\n`,
  );
  return EXIT.ok;
}

/** `tinyloop mcp logout NAME`: forgets the stored tokens (and client registration) of NAME. */
export async function mcpLogoutCommand(name: string, io: Io): Promise<number> {
  const store = new FileOAuthStore(oauthStoreDir(io.env));
  const file = store.fileOf(name);
  const existed = await store.delete(name);
  io.stderr.write(
    existed ? `logged out of ${name} (removed ${file})\n` : `${name} was not logged in\n`,
  );
  return EXIT.ok;
}
