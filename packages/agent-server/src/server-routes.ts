import type { IncomingMessage } from "node:http";
import { ApiError } from "./api-error.js";

/** The API's paths and the one method each takes (`HEAD` goes with `GET`). */
const ROUTES: Record<string, string> = {
  "/v1/chat/completions": "POST",
  "/v1/models": "GET",
  "/healthz": "GET",
  "/tinyloop/v1/tools": "GET",
};

/** `POST /tinyloop/v1/approvals/{id}`: the chat page's answer to an approval question. */
const APPROVAL_PATH = /^\/tinyloop\/v1\/approvals\/([\w-]{1,64})$/;

/**
 * Checks a request against the API's routes: a 404 naming every path for an unknown one, a
 * 405 naming the right method for a wrong method. `/v1/models/{name}` is a `GET` route.
 */
export function checkRoute(req: IncomingMessage, path: string): void {
  const method = path.startsWith("/v1/models/") ? "GET" : ROUTES[path];
  if (method === undefined) {
    throw new ApiError({
      status: 404,
      type: "not_found_error",
      code: "unknown_url",
      message: `Unknown path ${path}; this server answers POST /v1/chat/completions, GET /v1/models, GET /healthz, GET /tinyloop/v1/tools and the chat page at GET /.`,
    });
  }
  if (req.method !== method && !(method === "GET" && req.method === "HEAD")) {
    throw new ApiError({
      status: 405,
      type: "invalid_request_error",
      code: "method_not_allowed",
      message: `${req.method} ${path} is not supported; use ${method} ${path}.`,
      headers: { allow: method },
    });
  }
}

/**
 * The approval id of a `POST /tinyloop/v1/approvals/{id}` request; `undefined` for any other
 * path; a 405 for another method on an approval path.
 */
export function approvalIdOf(req: IncomingMessage, path: string): string | undefined {
  const approvalId = APPROVAL_PATH.exec(path)?.[1];
  if (approvalId !== undefined && req.method !== "POST") {
    throw new ApiError({
      status: 405,
      type: "invalid_request_error",
      code: "method_not_allowed",
      message: `${req.method} ${path} is not supported; use POST ${path}.`,
    });
  }
  return approvalId;
}
