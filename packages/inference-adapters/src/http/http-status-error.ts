import { InferenceError } from "../inference-error.js";
import { redactSecrets } from "./redact-secrets.js";
import type { RequestContext } from "./request-context.js";

/** Reads the provider's own error text from an error body (OpenAI and Anthropic shapes). */
export function serverMessage(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = body.error;
    if (typeof error === "string") return error;
    if (typeof error === "object" && error !== null && "message" in error) {
      return String((error as { message: unknown }).message);
    }
    if (typeof body.message === "string") return body.message;
    if (typeof body.detail === "string") return body.detail;
  } catch {
    // not JSON: quote the text itself
  }
  return bodyText.trim().slice(0, 200);
}

/** The InferenceError for a non-2xx response whose body was already read. */
export function errorFromStatus(
  status: number,
  bodyText: string,
  context: RequestContext,
  model: string,
  retries: number,
  note = "",
): InferenceError {
  const said = redactSecrets(serverMessage(bodyText), context.secrets);
  const quote = `${note}${said === "" ? "" : ` The server said: ${said}`}`;
  const base = { status, provider: context.provider };
  if (status === 401 || status === 403) {
    const key = context.apiKeyEnv
      ? `the ${context.apiKeyEnv} environment variable`
      : "the apiKey setting";
    const what = context.hasApiKey
      ? `${context.provider} rejected the API key (${status}). Check ${key}: it may be wrong, expired or lack access to model "${model}".`
      : `${context.provider} needs an API key (${status}) and none was sent. Set ${key}.`;
    return new InferenceError({ code: "AUTH", message: `${what}${quote}`, ...base });
  }
  if (status === 404) {
    return new InferenceError({
      code: "NOT_FOUND",
      message: `${context.provider} answered 404 for ${context.url}: model "${model}" or the route does not exist. Check the model id and that the base URL is right (it usually ends in /v1).${quote}`,
      ...base,
    });
  }
  if (status === 429) {
    return new InferenceError({
      code: "RATE_LIMITED",
      message: `${context.provider} is rate limiting requests (429)${retries > 0 ? `, still after ${retries} retries` : ""}. Wait and try again, or lower the request rate.${quote}`,
      ...base,
    });
  }
  if (status >= 500) {
    return new InferenceError({
      code: "SERVER",
      message: `${context.provider} failed with ${status} at ${context.url}${retries > 0 ? `, still after ${retries} retries` : ""}. Try again later.${quote}`,
      ...base,
    });
  }
  return new InferenceError({
    code: "BAD_REQUEST",
    message: `${context.provider} rejected the request (${status}) for model "${model}".${quote}`,
    ...base,
  });
}
