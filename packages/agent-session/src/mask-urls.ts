import { redactUrl } from "@tinyloop/mcp-transport";

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * Text about a server (a failure reason, a last error, a verbose line) with every URL in it
 * masked by `redactUrl`: user info and query values become `***`, so a token in a server
 * URL never reaches the terminal or `--json` output.
 */
export function maskUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}
