import { redactUrl } from "@tinyloop/errors";
import { McpTransportError } from "../errors.js";
import type { OAuthSession } from "./oauth-login.js";

/** A scope as the server wrote it, safe to print: printable ASCII only, at most 200 characters. */
function shownScope(scope: string): string {
  const printable = scope.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 200 ? `${printable.slice(0, 200)}…` : printable;
}

/**
 * The `AUTH` error of a request the server refused for want of scope (HTTP 403
 * `insufficient_scope`) also after one step-up: the scope it asks for, and what mends it.
 * `oauth`'s login hint, when the caller gave one, follows.
 */
export async function scopeRefusedError(
  server: string,
  url: string,
  scope: string | undefined,
  oauth: Promise<OAuthSession> | undefined,
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
    message: `Server "${server}" at ${redactUrl(url)} still refuses the request after one step-up of the authorization: it asks for ${wanted} (HTTP 403 insufficient_scope). Have that scope granted to this client at the authorization server, or name it in the server's oauth.scopes, and log in again.${hint ? ` ${hint}` : ""}`,
  });
}
