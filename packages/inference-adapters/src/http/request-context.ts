/** What the HTTP layer needs to know about one provider to send requests and word errors. */
export interface RequestContext {
  /** Provider name shown in errors, e.g. `"ollama"`. */
  provider: string;
  /** Full endpoint URL (never containing credentials). */
  url: string;
  /** Environment variable that holds the key, named in AUTH errors. */
  apiKeyEnv: string | undefined;
  /** Whether a key was sent. */
  hasApiKey: boolean;
  /** Shown when the server cannot be reached, e.g. "Is Ollama running? Start it with `ollama serve`.". */
  unreachableHint: string;
  /** Values that must never appear in an error message (API keys, secret header values). */
  secrets: string[];
  /** Retries of 429 / 5xx before anything streamed. */
  maxRetries: number;
  /** First backoff delay; doubled on each retry unless the server sends Retry-After. */
  retryDelayMs: number;
  /** A stream that sends nothing for this long is abandoned with `TIMEOUT`. */
  idleTimeoutMs: number;
}
