import { InferenceError } from "../inference-error.js";

/**
 * The chat-completions endpoint for a base URL: `…/v1` and `…/v1/chat/completions` both
 * work, trailing slashes are ignored, and a bare origin (`http://localhost:11434`) gets `/v1`.
 */
export function chatCompletionsUrl(baseURL: string): string {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `baseURL: expected an http(s) URL, got ${JSON.stringify(baseURL)} (example: "http://localhost:11434/v1").`,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `baseURL: expected an http(s) URL, got ${JSON.stringify(baseURL)} (example: "https://api.openai.com/v1").`,
    });
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/chat/completions")) url.pathname = path;
  else if (path === "") url.pathname = "/v1/chat/completions";
  else url.pathname = `${path}/chat/completions`;
  return url.toString();
}
