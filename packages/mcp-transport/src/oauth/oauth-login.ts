import { createServer } from "node:net";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthConfig } from "../config-schema.js";
import type { OAuthOptions } from "../connection-types.js";
import { checkIssParameter } from "./authorization-checks.js";
import { listenForCallback } from "./loopback-callback.js";
import { StoredOAuthProvider } from "./oauth-provider.js";

/** Logins one connection may run (first login, step-ups); more means the server loops. */
export const MAX_LOGINS = 4;

/** A transport that can finish an authorization (Streamable HTTP and SSE both can). */
interface FinishesAuth {
  finishAuth(code: string): Promise<void>;
}

/** True for the SDK's "authorization needed" error. */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError || (error as Error | undefined)?.name === "UnauthorizedError"
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * OAuth of one server connection: the provider handed to the SDK transports, and the
 * interactive login run when the SDK says the user must authorize (first connect, or a
 * step-up to more scopes): listen on the loopback redirect URI, show the URL through
 * `authorize`, wait for the code, exchange it (`finishAuth`).
 */
export class OAuthSession {
  private logins = 0;

  private constructor(
    private readonly server: string,
    readonly provider: StoredOAuthProvider,
    private readonly options: OAuthOptions,
  ) {}

  static async open(
    server: string,
    serverUrl: string,
    config: OAuthConfig | undefined,
    options: OAuthOptions,
    clientName: string,
  ): Promise<OAuthSession> {
    const stored = await options.store.load(server);
    const callbackPort =
      config?.callbackPort ??
      (stored?.serverUrl === serverUrl ? stored.callbackPort : undefined) ??
      (await freePort());
    const provider = await StoredOAuthProvider.open({
      server,
      serverUrl,
      store: options.store,
      config: config ?? {},
      callbackPort,
      clientName: options.clientName ?? clientName,
    });
    return new OAuthSession(server, provider, options);
  }

  /** Whether a login is waiting for the user, but nobody can show the URL. */
  needsLoginWithoutAuthorize(): boolean {
    return !this.options.authorize;
  }

  /**
   * Why a login asked for now would not run: nobody can show its URL (`no-authorize`), or
   * this connection has run all its logins (`no-login-left`); `undefined` when it would run.
   */
  whyNoLogin(): "no-authorize" | "no-login-left" | undefined {
    if (!this.options.authorize) return "no-authorize";
    return this.logins >= MAX_LOGINS ? "no-login-left" : undefined;
  }

  /** The hint for an AUTH error, when a login is needed. */
  loginHint(): string {
    return this.options.loginHint?.(this.server) ?? "";
  }

  /**
   * Runs the login when `error` says authorization is needed and a URL is pending.
   * Resolves true once new tokens are stored; false when it does not apply.
   */
  async recover(error: unknown, transport: FinishesAuth | undefined): Promise<boolean> {
    if (!isUnauthorized(error) || !transport) return false;
    const url = this.provider.takePendingAuthorization();
    const authorize = this.options.authorize;
    if (!url || !authorize || this.logins >= MAX_LOGINS) return false;
    this.logins++;
    const state = url.searchParams.get("state") ?? "";
    const callback = await listenForCallback(this.provider.callbackPort);
    try {
      // Wait for the redirect before showing the URL: a fast browser may come back at once.
      const code = callback.code(
        state,
        this.options.loginTimeoutMs ?? 300_000,
        undefined,
        (query) => checkIssParameter(query.get("iss") ?? undefined, this.provider.discovery),
      );
      code.catch(() => {}); // awaited below; an early authorize failure must not leave it unhandled
      await authorize(url, { server: this.server });
      await transport.finishAuth(await code);
    } finally {
      await callback.close();
    }
    return true;
  }
}
