import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { redactUrl } from "@tinyloop/errors";
import type { HttpServerConfig, SseServerConfig } from "./config-schema.js";
import type { OAuthOptions } from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import { AuthorizationCheckError } from "./oauth/authorization-checks.js";
import { dpopFetch } from "./oauth/dpop-fetch.js";
import {
  MachineGrantRefused,
  type MachineOAuthConfig,
  MachineOAuthProvider,
} from "./oauth/machine-provider.js";
import { isUnauthorized, OAuthSession } from "./oauth/oauth-login.js";
import type { StoredOAuthProvider } from "./oauth/oauth-provider.js";
import { scopeRefusedError } from "./oauth/scope-refused-error.js";
import { stepUpBound } from "./oauth/step-up-bound.js";
import { traceContextFetch } from "./tracing/trace-context-fetch.js";
import type { FailurePhase, TransportFactory, TransportHandle } from "./transport-handle.js";
import { unansweredStreamFetch } from "./unanswered-stream-fetch.js";

/** Settings the HTTP factory needs beyond the config. */
export interface HttpFactorySettings {
  connectMs: number;
  onLog?: (line: string) => void;
  /** OAuth for servers that answer 401 (see ConnectOptions.oauth). */
  oauth?: OAuthOptions;
  /** `client_name` for dynamic registration. */
  clientName?: string;
}

/** HTTP status carried by an SDK transport error, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === "number" && error.code >= 100 ? error.code : undefined;
  }
  // The SSE transport reports a failed POST as a plain Error "… (HTTP 404): …".
  const match = error instanceof Error ? /\(HTTP (\d{3})\)/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** True for a network-level failure (refused, reset, DNS): the request never got an answer. */
export function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof TypeError && /fetch failed|network/i.test(current.message)) return true;
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EPIPE|UND_ERR_SOCKET)$/.test(code)
    )
      return true;
    if (
      current instanceof Error &&
      /ECONNREFUSED|ECONNRESET|fetch failed|SocketError|other side closed/.test(current.message)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A factory for Streamable HTTP (`type: "http"`), legacy SSE (`type: "sse"`), or — with
 * `type` omitted — Streamable HTTP that switches to SSE for good when the server answers the
 * first POST with a 4xx other than 401/403.
 */
export function createHttpFactory(
  server: string,
  config: HttpServerConfig | SseServerConfig,
  settings: HttpFactorySettings,
): TransportFactory {
  let mode: "http" | "sse" = config.type === "sse" ? "sse" : "http";
  let mayFallBack = config.type === undefined;
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: { ...config.headers } };
  let oauth: Promise<OAuthSession> | undefined;
  let latest: { finishAuth(code: string): Promise<void> } | undefined;
  // One DPoP key and one token per connection, kept across reconnects (never written).
  const fetchFn: typeof fetch = config.oauth?.dpop ? dpopFetch(fetch) : fetch;
  // A grant without a browser needs no caller options: `run`, `serve`, workers all use it.
  const machine = config.oauth?.grant
    ? new MachineOAuthProvider(server, config.url, config.oauth as MachineOAuthConfig, fetchFn)
    : undefined;
  const describe = (error: unknown, phase: FailurePhase, session: OAuthSession | undefined) =>
    describeHttpFailure(server, config.url, settings, error, phase, session);

  // The provider the SDK authorizes with (set by create): told of each step-up, so that it
  // asks a new authorization for the wider scope, where a refresh could not widen it.
  let provider: MachineOAuthProvider | StoredOAuthProvider | undefined;
  // One step-up per request: a server that keeps answering 403 insufficient_scope gets a
  // clear error naming the scope it wants, instead of an endless authorize-and-retry; a
  // request refused while another's step-up is under way waits for it and goes again.
  const stepUps = () => (provider && "stepUps" in provider ? provider.stepUps : undefined);
  const boundStepUps = stepUpBound((scope) => scopeRefusedError(server, config.url, scope, oauth), {
    starting: (scope) => provider?.stepUp(scope),
    othersUnderWay: () => stepUps()?.othersUnderWay() ?? false,
    othersSettled: async () => stepUps()?.othersSettled(),
    accessToken: async () => (await provider?.tokens())?.access_token,
  });

  const create = async (): Promise<TransportHandle> => {
    const { oauth: options } = settings;
    if (options && !machine) {
      oauth ??= OAuthSession.open(
        server,
        config.url,
        config.oauth,
        options,
        settings.clientName ?? "tinyloop",
      );
    }
    const session = await oauth;
    provider = machine ?? session?.provider;
    const authProvider = provider ? { authProvider: provider } : {};
    if (mode === "sse") {
      const transport = new SSEClientTransport(url, {
        requestInit,
        ...authProvider,
        ...(fetchFn === fetch ? {} : { fetch: fetchFn }),
      });
      latest = transport;
      return {
        transport,
        shutdown: () => transport.close(),
        describeFailure: (error, phase) => describe(error, phase, session),
      };
    }
    const answered = unansweredStreamFetch(
      `the server ended its response stream without the JSON-RPC answer (at ${redactUrl(config.url)}); the request may have run and was not retried`,
      traceContextFetch(fetchFn),
    );
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit,
      fetch: provider ? boundStepUps(answered) : answered,
      ...authProvider,
    });
    latest = transport;
    return {
      transport,
      shutdown: async () => {
        // DELETE the session so the server can free it; a server that is gone is fine.
        if (transport.sessionId) {
          await Promise.race([transport.terminateSession().catch(() => {}), delay(2_000)]);
        }
        await transport.close();
      },
      describeFailure: (error, phase) => describe(error, phase, session),
    };
  };

  const recover = async (error: unknown): Promise<boolean> => {
    if (!oauth) return false;
    const session = await oauth;
    // The step-up of this request (or of the connecting), ended here whatever the outcome:
    // also when it failed before a login URL was built.
    const stepUp = session.provider.stepUps.current();
    try {
      if (!isUnauthorized(error)) return false;
      let loggedIn: boolean;
      try {
        loggedIn = await session.recover(error, latest);
      } catch (failure) {
        throw new McpTransportError({
          code: "AUTH",
          server,
          cause: failure,
          message: `Server "${server}" at ${redactUrl(config.url)}: the OAuth login failed: ${(failure as Error).message}`,
        });
      }
      // A step-up whose login cannot run: the error names the scope the server wants.
      const why = loggedIn || !stepUp ? undefined : session.whyNoLogin();
      if (why) throw await scopeRefusedError(server, config.url, stepUp?.scope, oauth, why);
      return loggedIn;
    } finally {
      session.provider.stepUps.end();
    }
  };

  // Each request in its own keeping, so that a step-up is that request's (see RequestStepUps).
  const request = async <T>(run: () => Promise<T>): Promise<T> => {
    const session = oauth && (await oauth);
    return session ? session.provider.stepUps.run(run) : run();
  };

  const fallback = (error: McpTransportError): boolean => {
    if (!mayFallBack) return false;
    mayFallBack = false; // decide once: what the server spoke first is what it speaks
    const status = error.status;
    if (error.code === "HTTP_STATUS" && status !== undefined && status >= 400 && status < 500) {
      mode = "sse";
      settings.onLog?.(
        `Server "${server}" answered the first POST with HTTP ${status}; falling back to legacy SSE at ${redactUrl(config.url)}`,
      );
      return true;
    }
    return false;
  };

  // A server that answered once over Streamable HTTP speaks it: a later 4xx (another server
  // on its port, a proxy in front) is an error to report, not a reason to switch to SSE.
  const connected = () => {
    mayFallBack = false;
  };

  return { create, fallback, connected, recover, request, stderrTail: () => [] };
}

function describeHttpFailure(
  server: string,
  url: string,
  settings: HttpFactorySettings,
  error: unknown,
  phase: FailurePhase,
  oauth?: OAuthSession,
): McpTransportError {
  if (McpTransportError.isInstance(error)) return error;
  const where = redactUrl(url);
  const authFailure = oauthFailureOf(error);
  if (authFailure) {
    return new McpTransportError({
      code: "AUTH",
      server,
      status: 401,
      cause: error,
      message: `Server "${server}" at ${where}: ${authFailure}`,
    });
  }
  if (oauth && isUnauthorized(error)) {
    const hint = oauth.loginHint();
    return new McpTransportError({
      code: "AUTH",
      server,
      status: 401,
      message: `Server "${server}" at ${where} needs an OAuth login${oauth.needsLoginWithoutAuthorize() ? "" : " and it did not complete"}.${hint ? ` ${hint}` : ""}`,
    });
  }
  const status = httpStatusOf(error);
  if (
    status === 401 ||
    status === 403 ||
    (error instanceof Error && error.name === "UnauthorizedError")
  ) {
    // Never echo headers or the server's body here: they may hold the credentials.
    return new McpTransportError({
      code: "AUTH",
      server,
      status: status ?? 401,
      message: `Server "${server}" at ${where} refused the credentials (HTTP ${status ?? 401}). Check the token or headers configured for it (values are not shown).`,
    });
  }
  if (status !== undefined) {
    const detail =
      status === 404 && phase === "session" ? " (the session expired or the server restarted)" : "";
    return new McpTransportError({
      code: "HTTP_STATUS",
      server,
      status,
      cause: error,
      message: `Server "${server}" at ${where} answered HTTP ${status}${detail}.`,
    });
  }
  if (isNetworkError(error)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new McpTransportError({
      code: "UNREACHABLE",
      server,
      cause: error,
      message: `Server "${server}" at ${where} is unreachable (${cause?.code ?? cause?.message ?? (error as Error).message}). Is it running?`,
    });
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout && phase === "connect") {
    return new McpTransportError({
      code: "CONNECT_TIMEOUT",
      server,
      cause: error,
      message: `Server "${server}" at ${where} did not answer initialize within ${settings.connectMs} ms (timeouts.connectMs).`,
    });
  }
  return new McpTransportError({
    code: "PROTOCOL",
    server,
    cause: error,
    message: `Server "${server}" at ${where} failed: ${error instanceof Error ? error.message : String(error)}`,
  });
}

/**
 * The words for an OAuth failure that no login can mend: a refused grant without a browser, a
 * failed authorization check, or an OAuth error answer of the authorization server.
 */
function oauthFailureOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof MachineGrantRefused || current instanceof AuthorizationCheckError)
      return current.message;
    if (current instanceof OAuthError)
      return `the authorization server answered ${current.errorCode}${current.message ? `: ${current.message}` : ""}`;
    current = current.cause;
  }
  return undefined;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
