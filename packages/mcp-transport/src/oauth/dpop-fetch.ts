import { DpopKey } from "./dpop-proof.js";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function urlOf(input: string | URL | Request): URL {
  return new URL(input instanceof Request ? input.url : String(input));
}

/** True when a request is an OAuth token request (a form with `grant_type`). */
function isTokenRequest(init: RequestInit | undefined): boolean {
  const body = init?.body;
  if (body instanceof URLSearchParams) return body.has("grant_type");
  return typeof body === "string" && /(^|&)grant_type=/.test(body) && !body.startsWith("{");
}

/** The `error` of an OAuth error answer, when it is one (read from a copy). */
async function oauthError(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Wraps `fetch` so that tokens are DPoP-bound (RFC 9449): every token request carries a proof
 * of this connection's {@link DpopKey}; a token the server issued as `token_type: "DPoP"` is
 * sent as `Authorization: DPoP …` with a proof naming it (`ath`). Nonces (`DPoP-Nonce`) are
 * kept per origin from every answer; a request refused with `use_dpop_nonce` is sent once more
 * with the new nonce — also when a server changes its nonce mid-session. A server that does
 * not speak DPoP answers a Bearer token, which is then sent as a Bearer token.
 */
export function dpopFetch(inner: Fetch, key = new DpopKey()): Fetch {
  const nonces = new Map<string, string>();
  const bound = new Set<string>();

  const remember = (url: URL, response: Response) => {
    const nonce = response.headers.get("dpop-nonce");
    if (nonce) nonces.set(url.origin, nonce);
  };

  const send = async (input: string | URL | Request, init: RequestInit | undefined) => {
    const url = urlOf(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    const token = /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1];
    const tokenRequest = isTokenRequest(init);
    if (!tokenRequest && (token === undefined || !bound.has(token)))
      return { response: await inner(input, init), kind: "plain" as const, url };
    if (token !== undefined && !tokenRequest) headers.set("authorization", `DPoP ${token}`);
    headers.set(
      "dpop",
      key.proof(method, url, {
        nonce: nonces.get(url.origin),
        ...(tokenRequest ? {} : { accessToken: token }),
      }),
    );
    const response = await inner(input, { ...init, headers });
    return { response, kind: tokenRequest ? ("token" as const) : ("resource" as const), url };
  };

  return async (input, init) => {
    let { response, kind, url } = await send(input, init);
    const before = nonces.get(url.origin);
    remember(url, response);
    const nonceChanged = nonces.get(url.origin) !== before;
    if (kind === "token" && response.status === 400 && nonceChanged) {
      if ((await oauthError(response)) === "use_dpop_nonce") {
        await response.body?.cancel();
        ({ response } = await send(input, init));
        remember(url, response);
      }
    } else if (
      kind === "resource" &&
      response.status === 401 &&
      nonceChanged &&
      /use_dpop_nonce/.test(response.headers.get("www-authenticate") ?? "")
    ) {
      await response.body?.cancel();
      ({ response } = await send(input, init));
      remember(url, response);
    }
    if (kind === "token" && response.ok) {
      try {
        const body = (await response.clone().json()) as {
          access_token?: unknown;
          token_type?: unknown;
        };
        if (
          typeof body.access_token === "string" &&
          String(body.token_type).toLowerCase() === "dpop"
        )
          bound.add(body.access_token);
      } catch {
        // not JSON: the SDK reports it
      }
    }
    return response;
  };
}
