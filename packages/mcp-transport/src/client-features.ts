import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type ClientCapabilities,
  type CreateMessageRequestParams,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  ListRootsRequestSchema,
  type LoggingLevel,
  LoggingMessageNotificationSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { applyElicitationDefaults } from "./elicitation-defaults.js";

/** A form-mode elicitation: a message and the flat JSON Schema of the answer. */
export type McpElicitRequest = ElicitRequestFormParams;

/** The answer: `accept` with `content`, `decline`, or `cancel`. */
export type McpElicitResult = ElicitResult;

/** A server's `sampling/createMessage` parameters (messages, systemPrompt, maxTokens, preferences…). */
export type McpSamplingRequest = CreateMessageRequestParams;

/** The answer to a sampling request: `{ role: "assistant", content, model, stopReason? }`. */
export type McpSamplingResult = CreateMessageResult;

/** A root offered to servers: a `file://` URI and an optional name. */
export interface McpRoot {
  uri: string;
  name?: string;
}

/** A `notifications/message` log line from a server. */
export interface McpServerLog {
  server: string;
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

/** What a request handler gets besides the request. */
export interface ServerRequestContext {
  /** The configured server name. */
  server: string;
  /** Aborts when the server cancels the request or the connection goes away. */
  signal: AbortSignal;
}

/**
 * What the client offers servers besides tools. Each hook that is set turns on the
 * matching client capability in `initialize`; a server cannot use a feature whose hook is
 * not set.
 */
export interface ClientFeatureOptions {
  /**
   * Answers `elicitation/create` (form mode). Fields left out of an `accept` answer get
   * their schema `default` (SEP-1034). A hook that throws answers the server with an error.
   */
  onElicit?: (request: McpElicitRequest, context: ServerRequestContext) => Promise<McpElicitResult>;
  /** Answers `sampling/createMessage`, e.g. with the agent's model after the user approved. */
  onSample?: (
    request: McpSamplingRequest,
    context: ServerRequestContext,
  ) => Promise<McpSamplingResult>;
  /** Roots offered through `roots/list`; change them with `McpConnection.setRoots`. */
  roots?: McpRoot[];
  /** Receives the server's `notifications/message` log lines. */
  onServerLog?: (log: McpServerLog) => void;
}

/** The capabilities `initialize` declares for these options. */
export function clientCapabilities(features: ClientFeatureOptions): ClientCapabilities {
  return {
    ...(features.onElicit ? { elicitation: { form: {} } } : {}),
    ...(features.onSample ? { sampling: {} } : {}),
    ...(features.roots ? { roots: { listChanged: true } } : {}),
  };
}

/** Installs the handlers of the features that are on. `roots` is read on every request. */
export function installClientFeatures(
  client: Client,
  server: string,
  features: ClientFeatureOptions,
  roots: () => McpRoot[] | undefined,
): void {
  const { onElicit, onSample, onServerLog } = features;
  if (onElicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const params = request.params;
      if (params.mode === "url") {
        throw new McpError(ErrorCode.InvalidParams, "This client supports form elicitation only");
      }
      const form = params as McpElicitRequest;
      const result = await onElicit(form, { server, signal: extra.signal });
      if (result.action === "accept") {
        return {
          ...result,
          content: applyElicitationDefaults(form.requestedSchema, result.content),
        };
      }
      return result;
    });
  }
  if (onSample) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) =>
      onSample(request.params, { server, signal: extra.signal }),
    );
  }
  if (features.roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots() ?? [] }));
  }
  if (onServerLog) {
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const { level, logger, data } = notification.params;
      onServerLog({ server, level, ...(logger === undefined ? {} : { logger }), data });
    });
  }
}
