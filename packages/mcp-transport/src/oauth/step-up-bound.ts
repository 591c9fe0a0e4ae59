import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/** What the caller is told when a request is refused for want of scope a second time. */
export type ScopeRefusal = (scope: string | undefined) => Error | Promise<Error>;

/**
 * Told of a step-up before the SDK answers it: the scope the server asks for (`undefined`
 * when it names none), so the next authorization asks for it (a new one, not a refresh).
 */
export type StepUpStarting = (scope: string | undefined) => void;

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
 */
export function stepUpBound(
  refusal: ScopeRefusal,
  starting: StepUpStarting,
): (inner: FetchLike) => FetchLike {
  const steppedUp = new Set<string>();
  return (inner) => async (url, init) => {
    const response = await inner(url, init);
    const key = requestKey(init?.body);
    if (key === undefined) return response;
    if (response.ok) {
      steppedUp.delete(key);
      return response;
    }
    const scope = insufficientScope(response);
    if (scope === null) return response;
    if (!steppedUp.has(key)) {
      steppedUp.add(key);
      starting(scope);
      return response;
    }
    steppedUp.delete(key);
    await response.body?.cancel();
    throw await refusal(scope);
  };
}
