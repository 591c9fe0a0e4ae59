import type { IncomingMessage, ServerResponse } from "node:http";
import { context, propagation } from "@opentelemetry/api";
import { agentForRun } from "./agent-for-run.js";
import { ApiError } from "./api-error.js";
import { parseChatRequest } from "./chat-request.js";
import { newCompletion } from "./completion-id.js";
import { fetchImageParts } from "./fetch-image-parts.js";
import { writeJson } from "./json-response.js";
import type { PageApprovals } from "./page-approvals.js";
import { readJsonBody } from "./read-json-body.js";
import { requestModel } from "./request-model.js";
import { runCompletion } from "./run-completion.js";
import type { ApprovalPolicy } from "./serve-approval.js";
import type { ResolvedServerOptions } from "./server-options.js";
import { writeStream } from "./stream-response.js";
import { toolSearchTakenError } from "./tool-search-taken.js";
import { SideOutputs, withSideOutputs } from "./with-side-outputs.js";

/** One chat completion holding a concurrency slot. */
export interface InFlight {
  controller: AbortController;
  /** A streaming run's questions to its page (`approval.inPage`): sent into its stream. */
  side?: SideOutputs;
}

/** Why a run stopped because its client went away. */
const CLIENT_GONE = "client disconnected";

/**
 * `POST /v1/chat/completions`: takes a concurrency slot (or answers 429), reads and
 * checks the body, runs a fresh `Agent` over the client's messages, and answers as a
 * stream or one JSON object. The run is aborted as soon as the client disconnects.
 */
export async function handleChatCompletion(
  req: IncomingMessage,
  res: ServerResponse,
  {
    options,
    approval,
    pageApprovals,
    runs,
    onSettled,
  }: {
    options: ResolvedServerOptions;
    approval: ApprovalPolicy;
    /** Where calls that need approval are asked when the policy says `inPage`. */
    pageApprovals: PageApprovals;
    runs: Set<InFlight>;
    onSettled: () => void;
  },
): Promise<void> {
  if (runs.size >= options.maxConcurrency) {
    throw new ApiError({
      status: 429,
      type: "rate_limit_error",
      code: "rate_limit_exceeded",
      message: `This server already runs ${options.maxConcurrency} completions, its limit; retry after ${options.retryAfterSeconds} s.`,
      headers: { "retry-after": String(options.retryAfterSeconds) },
    });
  }
  const run: InFlight = { controller: new AbortController() };
  runs.add(run);
  const onClose = () => {
    if (!res.writableFinished) run.controller.abort(CLIENT_GONE);
  };
  res.once("close", onClose);
  try {
    const request = parseChatRequest(await readJsonBody(req, options.maxBodyBytes), {
      fetch: options.fetchImageUrls === true,
      ...(options.imageUrlsHint ? { hint: options.imageUrlsHint } : {}),
    });
    // `model` is not checked: one agent is served, so any id means it (tiny-agents' clients
    // send their own); the answer names the agent.
    if (request.imageUrls.length > 0)
      await fetchImageParts(request.imageUrls, {
        maxBytes: options.maxBodyBytes,
        signal: run.controller.signal,
      });
    const taken = toolSearchTakenError(options);
    if (taken) throw taken;
    // In-page approval: a streaming request's questions go out in its own stream.
    const side = approval.inPage && request.stream ? new SideOutputs() : undefined;
    if (side) run.side = side;
    const agent = agentForRun(
      options,
      requestModel(options.model, {
        history: request.history,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
      }),
      side ? pageApprovals.hook(approval, (question) => side.push(question)) : approval.hook(),
    );
    const identity = newCompletion(options.modelName);
    const completion = runCompletion(agent, request.input, {
      signal: run.controller.signal,
      maxResultChars: options.maxResultChars,
    });
    const outputs = side ? withSideOutputs(completion, side) : completion;
    // A client's W3C traceparent makes the run's invoke_agent span a child of the client's
    // span (nothing happens while no OpenTelemetry SDK is registered).
    const incoming = propagation.extract(context.active(), req.headers);
    await context.with(incoming, () =>
      request.stream
        ? writeStream(res, identity, outputs, {
            includeUsage: request.includeUsage,
            keepAliveMs: options.keepAliveMs,
          })
        : writeJson(res, identity, outputs),
    );
  } finally {
    res.off("close", onClose);
    runs.delete(run);
    onSettled();
  }
}
