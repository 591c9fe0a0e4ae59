import { SECRET_MASK } from "./secret-mask.js";

/**
 * A URL as it may be printed: user name and password replaced by `***` (`SECRET_MASK`), and
 * the value of every query parameter replaced by `***` (the names stay, so `?token=***` still
 * tells the reader which parameter was set). The path, host and fragment are kept. Text that
 * is not a URL is returned unchanged. The one way every tinyloop package shows a URL (the MCP
 * transport's messages, the model adapters' errors, agent files' excerpts).
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username) parsed.username = SECRET_MASK;
  if (parsed.password) parsed.password = SECRET_MASK;
  if (parsed.search) {
    const names = [...parsed.searchParams.keys()];
    parsed.search = names.map((name) => `${encodeURIComponent(name)}=${SECRET_MASK}`).join("&");
  }
  // URLSearchParams would percent-encode the asterisks; the search was set by hand above.
  return parsed.toString().replaceAll(SECRET_MASK.replaceAll("*", "%2A"), SECRET_MASK);
}

/** A URL written anywhere in a text (in a message, a JSON string, a comment), up to a space or quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * A text with every URL in it printed as {@link redactUrl} does (`https://***:***@host/mcp?token=***`):
 * for texts that mention URLs, such as error messages, log lines and lines of a config file.
 */
export function redactUrlsInText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}
