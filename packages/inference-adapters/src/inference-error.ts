import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";
/** Stable codes of {@link InferenceError}. */
export type InferenceErrorCode =
  /** 401/403: the key is missing, wrong or lacks access. */
  | "AUTH"
  /** 404: the model or the route does not exist at that base URL. */
  | "NOT_FOUND"
  /** 429 after all retries. */
  | "RATE_LIMITED"
  /** The server could not be reached (connection refused, DNS, reset before a response). */
  | "UNREACHABLE"
  /** The server answered something that is not the provider's wire format. */
  | "PROTOCOL"
  /** The connection closed in the middle of a response (a stream cut before its end). */
  | "INTERRUPTED"
  /** The stream sent nothing for `idleTimeoutMs` (a stalled server); the response was abandoned. */
  | "TIMEOUT"
  /** The request's signal was aborted. */
  | "ABORTED"
  /** 5xx after all retries, or an error event inside the stream. */
  | "SERVER"
  /** 400/422: the provider rejected the request (bad schema, too many tokens…). */
  | "BAD_REQUEST"
  /** A replay model was asked for more calls than its cassette holds. */
  | "REPLAY_EXHAUSTED"
  /** A strict replay model got a request that differs from the recorded one. */
  | "REPLAY_MISMATCH"
  /** A cassette file is missing or malformed. */
  | "CASSETTE_INVALID"
  /** The adapter was configured wrongly (missing model id, bad URL, missing local model file…). */
  | "CONFIG_INVALID";

const marker = errorMarker("inference-adapters", "InferenceError");

/**
 * The one error class of this package. Model streams throw it for failures of the whole
 * call; `code` is stable, `message` says what happened and what to do. Messages never
 * contain API keys or Authorization headers.
 */
export class InferenceError extends Error {
  static {
    markErrorClass(InferenceError, marker);
  }

  override readonly name = "InferenceError";
  readonly code: InferenceErrorCode;
  /** HTTP status when the failure came from a response. */
  readonly status: number | undefined;
  /** Provider name (e.g. `"openai"`), when known. */
  readonly provider: string | undefined;

  constructor(options: {
    code: InferenceErrorCode;
    message: string;
    cause?: unknown;
    status?: number;
    provider?: string;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.provider = options.provider;
  }

  /** True for an `InferenceError`, also one from another copy of this package. */
  static isInstance(value: unknown): value is InferenceError {
    return hasErrorMarker(value, marker);
  }
}
