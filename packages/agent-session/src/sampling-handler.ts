import type { ChatModel } from "@tinyloop/inference-adapters";
import type {
  McpSamplingRequest,
  McpSamplingResult,
  ServerRequestContext,
} from "@tinyloop/mcp-transport";
import { sampleWithModel } from "./sample-with-model.js";

/** Whether a server's sampling request may use the model: `true`, or no with the reason the server is told. */
export type SamplingDecision = true | { approved: false; reason: string };

/** Asked before a server's `sampling/createMessage` is sent to the model (e.g. a person says y/n). */
export type ApproveSampling = (
  request: McpSamplingRequest,
  context: ServerRequestContext,
) => SamplingDecision | Promise<SamplingDecision>;

/**
 * The MCP sampling bridge: a `ClientFeatureOptions.onSample` that answers a server's
 * `sampling/createMessage` with `model` (see {@link sampleWithModel}) once `approve` says
 * yes; without `approve` every request is answered. A refusal answers the server with an
 * error carrying the reason.
 */
export function samplingHandler(
  model: ChatModel,
  approve?: ApproveSampling,
): (request: McpSamplingRequest, context: ServerRequestContext) => Promise<McpSamplingResult> {
  return async (request, context) => {
    const decision = approve ? await approve(request, context) : true;
    if (decision !== true) throw new Error(decision.reason);
    return sampleWithModel(model, request, context.signal);
  };
}
