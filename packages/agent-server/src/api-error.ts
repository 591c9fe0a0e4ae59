import type { ServerResponse } from "node:http";

/** The `type` of an OpenAI-style error object. */
export type ApiErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "not_found_error"
  | "rate_limit_error"
  | "server_error"
  | "upstream_error";

/** The body OpenAI's API answers errors with, and the one plain OpenAI clients parse. */
export interface ApiErrorBody {
  error: { message: string; type: ApiErrorType; param: string | null; code: string | null };
}

/**
 * One failed HTTP request: a status and an OpenAI-style error object. Thrown inside request
 * handling and turned into the response by {@link sendApiError}.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly code: string | null;
  readonly param: string | null;
  readonly headers: Record<string, string>;

  constructor({
    status,
    type,
    code,
    message,
    param = null,
    headers = {},
  }: {
    status: number;
    type: ApiErrorType;
    code: string | null;
    message: string;
    param?: string | null;
    headers?: Record<string, string>;
  }) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
    this.headers = headers;
  }

  /** The JSON body of the response. */
  toBody(): ApiErrorBody {
    return {
      error: { message: this.message, type: this.type, param: this.param, code: this.code },
    };
  }
}

/** A 400 `invalid_request_error` naming the parameter at fault. */
export function badRequest(
  param: string | null,
  message: string,
  code = "invalid_value",
): ApiError {
  return new ApiError({ status: 400, type: "invalid_request_error", code, param, message });
}

/** Writes `error` as the response (unless headers were already sent) and ends it. */
export function sendApiError(res: ServerResponse, error: ApiError): void {
  if (res.destroyed) return; // the client is gone: nobody to tell
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...error.headers,
  });
  res.end(body);
}
