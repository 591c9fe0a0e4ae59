import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import {
  checkResourceAllowed,
  resourceUrlFromServerUrl,
} from "@modelcontextprotocol/sdk/shared/auth-utils.js";

/**
 * A check of the authorization response or metadata failed (the 2026-07-28 authorization
 * rules, which need no new wire protocol and hold against 2025-11-25 servers too). The flow
 * stops before anything is sent to the server that failed it.
 */
export class AuthorizationCheckError extends Error {
  override name = "AuthorizationCheckError";
}

/** `a` and `b` name the same issuer, as the SDK writes it (`new URL(x).href` may add one `/`). */
function sameIssuer(advertised: string, used: string): boolean {
  return advertised === used || `${advertised}/` === used;
}

/**
 * RFC 8414 §3.3: the metadata's `issuer` must be the issuer the metadata was fetched for,
 * else a server could hand out another server's endpoints (metadata issuer mismatch).
 */
export function checkMetadataIssuer(state: OAuthDiscoveryState): void {
  const issuer = state.authorizationServerMetadata?.issuer;
  if (issuer === undefined || sameIssuer(issuer, state.authorizationServerUrl)) return;
  throw new AuthorizationCheckError(
    `the authorization server metadata fetched for ${state.authorizationServerUrl} names another issuer (${issuer}); its endpoints were not used`,
  );
}

/**
 * The checks of what discovery found, before anything is sent to the authorization server:
 * the protected resource metadata must name this server (resource mismatch), and the
 * metadata's issuer the issuer it was fetched for ({@link checkMetadataIssuer}).
 */
export function checkDiscovery(state: OAuthDiscoveryState, serverUrl: string): void {
  const resource = state.resourceMetadata?.resource;
  if (
    resource !== undefined &&
    !checkResourceAllowed({
      requestedResource: resourceUrlFromServerUrl(serverUrl),
      configuredResource: resource,
    })
  )
    throw new AuthorizationCheckError(
      `the protected resource metadata names another resource (${resource}) than this server (${serverUrl}); no authorization was asked for`,
    );
  checkMetadataIssuer(state);
}

/**
 * RFC 9207: the `iss` of an authorization response must be the issuer recorded from the
 * metadata, compared as strings (no normalisation); a server that advertises
 * `authorization_response_iss_parameter_supported` must send it. A response without `iss`
 * from a server that does not advertise it is accepted (2025-11-25 servers).
 */
export function checkIssParameter(iss: string | undefined, state: OAuthDiscoveryState | undefined) {
  const metadata = state?.authorizationServerMetadata;
  const expected = metadata?.issuer ?? state?.authorizationServerUrl;
  const advertised =
    (metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)
      ?.authorization_response_iss_parameter_supported === true;
  if (iss === undefined) {
    if (advertised)
      throw new AuthorizationCheckError(
        `the authorization response has no "iss" although the authorization server ${expected} says it sends one (RFC 9207); the code was not used`,
      );
    return;
  }
  if (expected !== undefined && iss !== expected)
    throw new AuthorizationCheckError(
      `the authorization response came from issuer ${JSON.stringify(iss)}, not from ${expected} where the login started (RFC 9207); the code was not used`,
    );
}

/**
 * The scopes of an authorization request with `offline_access` handled as SEP-2207 asks: asked
 * for when the authorization server lists it (so a refresh token comes), dropped when it does
 * not (a server that does not know it may refuse the request).
 */
export function withOfflineAccess(scope: string | null, state: OAuthDiscoveryState | undefined) {
  const supported = state?.authorizationServerMetadata?.scopes_supported;
  const scopes = (scope ?? "").split(" ").filter(Boolean);
  if (supported === undefined) return scopes.join(" ");
  const wanted = supported.includes("offline_access");
  const without = scopes.filter((s) => s !== "offline_access");
  return (wanted && scopes.length > 0 ? [...without, "offline_access"] : without).join(" ");
}
