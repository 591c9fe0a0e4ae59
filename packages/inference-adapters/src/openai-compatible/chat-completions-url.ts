import { parseBaseUrl } from "../http/parse-base-url.js";

/**
 * The chat-completions endpoint for a base URL: `…/v1` and `…/v1/chat/completions` both
 * work, trailing slashes are ignored, and a bare origin (`http://localhost:11434`) gets `/v1`.
 */
export function chatCompletionsUrl(baseURL: string): string {
  const url = parseBaseUrl(baseURL, "http://localhost:11434/v1");
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/chat/completions")) url.pathname = path;
  else if (path === "") url.pathname = "/v1/chat/completions";
  else url.pathname = `${path}/chat/completions`;
  return url.toString();
}
