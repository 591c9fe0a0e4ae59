/** What the enterprise identity provider needs to issue an ID-JAG. */
export interface IdJagRequest {
  tokenEndpoint: string;
  /** The user's ID token from this identity provider. */
  idToken: string;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** The MCP server's authorization server (its issuer). */
  audience: string;
  /** The MCP server (its protected resource identifier). */
  resource: string;
  scope?: string | undefined;
}

/**
 * Enterprise-managed authorization (SEP-990), first step: exchanges the user's ID token at
 * the identity provider for an Identity Assertion JWT Authorization Grant (RFC 8693 token
 * exchange, `requested_token_type` ID-JAG), which the MCP server's authorization server then
 * takes with the JWT-bearer grant. Errors never quote a token.
 */
export async function exchangeForIdJag(
  request: IdJagRequest,
  fetchFn: typeof fetch,
): Promise<string> {
  const params = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
    requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
    subject_token: request.idToken,
    subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
    audience: request.audience,
    resource: request.resource,
  });
  if (request.scope) params.set("scope", request.scope);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (request.clientId && request.clientSecret) {
    const pair = `${encodeURIComponent(request.clientId)}:${encodeURIComponent(request.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  } else if (request.clientId) params.set("client_id", request.clientId);
  const response = await fetchFn(request.tokenEndpoint, { method: "POST", headers, body: params });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    issued_token_type?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (!response.ok || typeof body.access_token !== "string") {
    const why =
      typeof body.error === "string"
        ? `${body.error}${typeof body.error_description === "string" ? `: ${body.error_description}` : ""}`
        : `HTTP ${response.status}`;
    throw new Error(
      `the identity provider at ${request.tokenEndpoint} did not exchange the ID token for an ID-JAG (${why}); check oauth.idToken and oauth.idpTokenEndpoint`,
    );
  }
  return body.access_token;
}
