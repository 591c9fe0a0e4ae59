import { redactUrl } from "@tinyloop/errors";
import { McpTransportError } from "../errors.js";
import { MAX_LOGINS, type OAuthSession } from "./oauth-login.js";

/** A scope as the server wrote it, safe to print: printable ASCII only, at most 200 characters. */
function shownScope(scope: string): string {
  const printable = scope.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 200 ? `${printable.slice(0, 200)}…` : printable;
}

/**
 * Why a request refused for want of scope stays refused: its one step-up of the
 * authorization did not get the scope (`after-step-up`), or the step-up needed a login that
 * could not run (`no-authorize`: nobody can show its URL; `no-login-left`: the connection
 * has run its logins).
 */
export type ScopeRefusalReason = "after-step-up" | "no-authorize" | "no-login-left";

const REFUSED: Record<ScopeRefusalReason, string> = {
  "after-step-up": "still refuses the request after one step-up of the authorization",
  "no-authorize":
    "refuses the request, and its step-up of the authorization needs a login, which this connection cannot show",
  "no-login-left": `refuses the request, and its step-up of the authorization needs a login, but this connection has run the ${MAX_LOGINS} logins it may`,
};

/**
 * The `AUTH` error of a request the server refused for want of scope (HTTP 403
 * `insufficient_scope`) that no step-up mended (`why`): the scope it asks for, and what
 * mends it. `oauth`'s login hint, when the caller gave one, follows.
 */
export async function scopeRefusedError(
  server: string,
  url: string,
  scope: string | undefined,
  oauth: Promise<OAuthSession> | undefined,
  why: ScopeRefusalReason = "after-step-up",
): Promise<McpTransportError> {
  const wanted =
    scope === undefined || scope.trim() === ""
      ? "more scope, without naming it"
      : `scope "${shownScope(scope)}"`;
  const hint = (await oauth)?.loginHint() ?? "";
  return new McpTransportError({
    code: "AUTH",
    server,
    status: 403,
    message: `Server "${server}" at ${redactUrl(url)} ${REFUSED[why]}: it asks for ${wanted} (HTTP 403 insufficient_scope). Have that scope granted to this client at the authorization server, or name it in the server's oauth.scopes, and log in again.${hint ? ` ${hint}` : ""}`,
  });
}
