import type { ChatMessage, ChatModel, ChatRequest } from "@tinyloop/inference-adapters";

/** What one HTTP request adds to every model call of its run. */
export interface RequestContext {
  /** The client's conversation before its last user message. */
  history: readonly ChatMessage[];
  temperature?: number;
  maxTokens?: number;
}

/**
 * The shared model, seen through one request: each call gets the client's earlier
 * messages (after the agent's own system prompt, before the run's messages) and the
 * request's sampling settings. The agent loop keeps only its own run in its history;
 * this puts the conversation the client sent in front of it, so a run is stateless on
 * the server, like the OpenAI API.
 */
export function requestModel(model: ChatModel, context: RequestContext): ChatModel {
  const { history, temperature, maxTokens } = context;
  return {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    stream(request: ChatRequest) {
      const messages = request.messages;
      let at = messages.findIndex((message) => message.role !== "system");
      if (at < 0) at = messages.length;
      return model.stream({
        ...request,
        messages: [...messages.slice(0, at), ...history, ...messages.slice(at)],
        ...(temperature === undefined ? {} : { temperature }),
        ...(maxTokens === undefined ? {} : { maxTokens }),
      });
    },
  };
}
