import type { CreateMessageRequestParams } from "@modelcontextprotocol/sdk/types.js";
import type { AgentServerOptions } from "../server-options.js";
import { type ServeRig, startServeRig } from "./serve-rig.js";

/** A sampling request as one of the agent's MCP servers ("everything") sends it. */
export const SAMPLING_REQUEST: CreateMessageRequestParams = {
  messages: [{ role: "user", content: { type: "text", text: "Write  a\npoem" } }],
  maxTokens: 100,
};

/** The context `approveSampling` gets with {@link SAMPLING_REQUEST}. */
export const samplingContext = (): { server: string; signal: AbortSignal } => ({
  server: "everything",
  signal: new AbortController().signal,
});

/** The question a person is asked about {@link SAMPLING_REQUEST}. */
export const SAMPLING_QUESTION =
  "The agent's MCP server everything asks to use the agent's model (up to 100 tokens): \"Write a poem\". Allow this request?";

/** The rig's `samplingHint`. */
export const SAMPLING_HINT = "restart it with the allow flag";

/** The refusal when nobody can be asked about a sampling request (with {@link SAMPLING_HINT}). */
export const NOBODY_ASKED = {
  approved: false,
  reason: `sampling needs approval, and the client that called the agent cannot be asked; ${SAMPLING_HINT}`,
};

/** The rig's decision on {@link SAMPLING_REQUEST} (`server.approveSampling`). */
export function decideSampling(rig: ServeRig): ReturnType<ServeRig["server"]["approveSampling"]> {
  return rig.server.approveSampling(SAMPLING_REQUEST, samplingContext());
}

/**
 * A rig whose model hangs (twice), so that calls and completions stay running while a test
 * decides sampling requests; its `samplingHint` is {@link SAMPLING_HINT}.
 */
export function startSamplingRig(options: Partial<AgentServerOptions>): Promise<ServeRig> {
  return startServeRig([{ repeat: 2, turn: { text: "slow", hang: true } }], {
    samplingHint: SAMPLING_HINT,
    ...options,
  });
}
