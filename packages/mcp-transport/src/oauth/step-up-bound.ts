import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/** What the caller is told when a request is refused for want of scope a second time. */
export type ScopeRefusal = (scope: string | undefined) => Error | Promise<Error>;

/** What {@link stepUpBound} is told and asks of the connection's authorization. */
export interface StepUpHooks {
  /**
   * Told of a step-up before the SDK answers it: the scope the server asks for (`undefined`
   * when it names none), so the next authorization asks for it (a new one, not a refresh).
   */
  starting(scope: string | undefined): void;
  /** Whether another request's step-up is under way (its login may be running). */
  othersUnderWay(): boolean;
  /** Resolves once no other request's step-up is under way. */
  othersSettled(): Promise<void>;
  /** The access token now held (after another request's step-up, a wider one). */
  accessToken(): Promise<string | undefined>;
}

/**
 * The same request whatever its JSON-RPC id: the method and params of each message of a POST
 * body (the SDK sends the same message again after a step-up; a retry after a login gets a
 * new id). `undefined` for a body that is not JSON-RPC.
 */
function requestKey(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return JSON.stringify(
      messages.map((message) => {
        const { method, params } = (message ?? {}) as { method?: unknown; params?: unknown };
        return [method, params];
      }),
    );
  } catch {
    return undefined;
  }
}

/** The scope a 403 `insufficient_scope` asks for (`null` when the response is not one). */
function insufficientScope(response: Response): string | undefined | null {
  if (response.status !== 403) return null;
  const { error, scope } = extractWWWAuthenticateParams(response);
  return error === "insufficient_scope" ? scope : null;
}

/**
 * Bounds the step-up of a Streamable HTTP connection to one per request. The SDK answers a 403
 * `insufficient_scope` itself (an authorization for the scope it names) and sends the request
 * again, and again for each 403 whose `WWW-Authenticate` differs: a server that keeps asking
 * for one more scope would make it loop forever. Through the returned wrapper, the first 403
 * `insufficient_scope` of a request goes to the SDK, after `starting(scope)`; a second one
 * for the same request (same method and params, also on the connection's next transport,
 * after a login) fails it with `refusal(scope)` instead. A request the server answers with a
 * 2xx is forgotten, so a later one may step up again. One bound per connection: each
 * transport's fetch is wrapped by the same one.
 *
 * Step-ups go one at a time: a request refused while another request's step-up is under way
 * waits for it (its login), then is sent again with the token it got, and steps up itself
 * only if refused again. Two authorizations at once would race (one PKCE verifier, one
 * pending URL), and the SDK refuses a second 403 with the same `WWW-Authenticate` outright.
 */
export function stepUpBound(
  refusal: ScopeRefusal,
  hooks: StepUpHooks,
): (inner: FetchLike) => FetchLike {
  const steppedUp = new Set<string>();
  return (inner) => async (url, init) => {
    let response = await inner(url, init);
    const key = requestKey(init?.body);
    if (key === undefined) return response;
    if (response.ok) {
      steppedUp.delete(key);
      return response;
    }
    let scope = insufficientScope(response);
    if (scope === null) return response;
    if (!steppedUp.has(key) && hooks.othersUnderWay()) {
      await response.body?.cancel();
      await hooks.othersSettled();
      response = await inner(url, withToken(init, await hooks.accessToken()));
      if (response.ok) return response;
      scope = insufficientScope(response);
      if (scope === null) return response;
    }
    if (!steppedUp.has(key)) {
      steppedUp.add(key);
      hooks.starting(scope);
      return response;
    }
    steppedUp.delete(key);
    await response.body?.cancel();
    throw await refusal(scope);
  };
}

/** `init` with `Authorization: Bearer token` (the SDK's own form; DPoP rewrites it below). */
function withToken(
  init: RequestInit | undefined,
  token: string | undefined,
): RequestInit | undefined {
  if (token === undefined) return init;
  const headers = new Headers(init?.headers);
  headers.set("authorization", `Bearer ${token}`);
  return { ...init, headers };
}
