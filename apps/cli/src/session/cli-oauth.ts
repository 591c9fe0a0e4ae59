import { join } from "node:path";
import { FileOAuthStore, type OAuthOptions } from "@tinyloop/mcp-transport";
import { tinyloopConfigDir } from "../config-dir.js";
import { openBrowser } from "../terminal/open-browser.js";

/**
 * Where login tokens live: `$XDG_CONFIG_HOME/tinyloop/oauth`, else `~/.config/tinyloop/oauth`
 * (one `0600` file per server name).
 */
export function oauthStoreDir(env: Record<string, string | undefined>): string {
  return join(tinyloopConfigDir(env), "oauth");
}

/**
 * OAuth as the CLI does it: tokens in {@link oauthStoreDir}; with `interactive`, a server
 * that needs a login gets the URL printed on stderr and opened in the browser, and the
 * loopback callback waits; otherwise the connect fails saying to run `tinyloop mcp login`.
 */
export function cliOAuthOptions({
  env,
  stderr,
  interactive,
}: {
  env: Record<string, string | undefined>;
  /** Where the login URL is printed: stderr, or the REPL's `abovePrompt` writer. */
  stderr: { write(text: string): unknown };
  interactive: boolean;
}): OAuthOptions {
  return {
    store: new FileOAuthStore(oauthStoreDir(env)),
    clientName: "tinyloop",
    loginHint: (server) => `Run \`tinyloop mcp login ${server}\` to log in.`,
    ...(interactive
      ? {
          authorize: (url: URL, { server }: { server: string }) =>
            openBrowser(url, server, env, stderr),
        }
      : {}),
  };
}
