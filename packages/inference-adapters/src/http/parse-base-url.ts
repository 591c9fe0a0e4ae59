import { describeValue } from "@tinyloop/errors";
import { InferenceError } from "../inference-error.js";

/**
 * Parses a provider base URL, accepting only http(s).
 * @throws InferenceError `CONFIG_INVALID` naming the setting, what was given and `example`.
 */
export function parseBaseUrl(baseURL: string, example: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `baseURL: expected an http(s) URL, got ${describeValue(baseURL)} (example: "${example}").`,
    });
  }
  return url;
}
