import { isStdioConfig, type ServerConfig } from "../config-schema.js";
import { connectServer } from "../connect-server.js";
import type { OAuthOptions } from "../connection-types.js";
import { McpTransportError } from "../errors.js";

/** What {@link logIn} did. */
export interface LogInResult {
  /**
   * True when the server asked for a login and `oauth.store` now holds its tokens; false when
   * it let the connection in without one (nothing is stored then).
   */
  loggedIn: boolean;
  /**
   * The config's grant without a browser (`oauth.grant`), when it has one: the connect
   * checked its credentials; its tokens are fetched at each connection, kept in memory and
   * never stored, so there is nothing to log in to.
   */
  grant?: string;
}

/**
 * Logs in to an HTTP or SSE server afresh, ahead of the first real connection (`tinyloop
 * mcp login`): forgets what `oauth.store` holds for `name` (tokens and client registration),
 * connects once without retries — a server that answers 401 gets the whole login, with the
 * URL shown through `oauth.authorize` — and closes the connection again. A config with
 * `enabled: false` is logged in all the same: the login is asked for by name.
 *
 * ```ts
 * const store = new FileOAuthStore(`${process.env.HOME}/.config/my-app/oauth`);
 * const { loggedIn } = await logIn("github", { url: "https://api.example.com/mcp" }, {
 *   store,
 *   authorize: (url) => console.error(`Open ${url} to log in`),
 * });
 * ```
 * @throws McpTransportError `CONFIG_INVALID` for a stdio config (OAuth is for HTTP servers),
 * `AUTH` when the login fails, or what the connect itself fails with (`UNREACHABLE`, …).
 */
export async function logIn(
  name: string,
  config: ServerConfig,
  oauth: OAuthOptions,
): Promise<LogInResult> {
  if (isStdioConfig(config)) {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      server: name,
      message: `server "${name}" is a stdio server; OAuth login is for HTTP servers (configured with a url)`,
    });
  }
  await oauth.store.delete(name); // a fresh login, not the tokens of the last one
  const connection = await connectServer(
    name,
    { ...config, enabled: true },
    { oauth, reconnect: { initialRetries: 0 } },
  );
  await connection.close();
  const saved = await oauth.store.load(name);
  const grant = config.oauth?.grant;
  return { loggedIn: saved?.tokens !== undefined, ...(grant ? { grant } : {}) };
}
