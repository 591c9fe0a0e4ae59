/**
 * How the program's user changes the model timeouts, named in `TIMEOUT` errors. Default: the
 * adapter settings `idleTimeoutMs` and `turnTimeoutMs`; a CLI names its flags instead.
 */
export interface TimeoutSettingNames {
  /** Named when a response was silent too long, e.g. `"--model-idle-timeout"`. */
  idle: string;
  /** Named when a turn took longer than its limit, e.g. `"--model-turn-timeout"`. */
  turn: string;
}

/** What the HTTP layer needs to know about one provider to send requests and word errors. */
export interface RequestContext {
  /** Provider name shown in errors, e.g. `"ollama"`. */
  provider: string;
  /** The endpoint as shown in messages: no user info, query or fragment. */
  url: string;
  /**
   * The endpoint requests are sent to, exactly as configured: its query (Azure's
   * `?api-version=`) and user info kept. Never put in a message; that is {@link url}.
   */
  endpoint: string;
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
  /** A response that sends nothing (no headers, no byte) for this long is abandoned with `TIMEOUT`. */
  idleTimeoutMs: number;
  /** A turn (request sent → response complete) that takes longer is abandoned with `TIMEOUT`. */
  turnTimeoutMs: number;
  /** How the user changes each timeout, named in `TIMEOUT` errors. */
  timeoutSettings: TimeoutSettingNames;
}
