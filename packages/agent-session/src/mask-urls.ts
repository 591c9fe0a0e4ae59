import { redactUrlsInText } from "@tinyloop/mcp-transport";

/**
 * Text about a server (a failure reason, a last error, a verbose line) with every URL in it
 * masked by mcp-transport's `redactUrlsInText` (`redactUrl` on each): user info and query
 * values become `***`, so a token in a server URL never reaches the terminal or `--json` output.
 */
export function maskUrls(text: string): string {
  return redactUrlsInText(text);
}
