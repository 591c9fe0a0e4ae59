import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { context, propagation, type Span, trace } from "@opentelemetry/api";
import { activeCallerSignal, cancellationCause } from "./caller-signal.js";
import {
  endMcpSpan,
  endUnansweredMcpSpan,
  type McpSpanTarget,
  mcpRequestAttributes,
  startMcpSpan,
  TRACER_NAME,
} from "./mcp-client-span.js";

type Request = Extract<JSONRPCMessage, { method: string; id: string | number }>;
type Handler = NonNullable<Transport["onmessage"]>;

const isRequest = (message: JSONRPCMessage): message is Request =>
  "method" in message && "id" in message;

/**
 * Wraps one transport so that every request the client sends gets an MCP client span
 * (`{mcp.method.name} {target}`), a child of the context active when it is sent (a tool
 * call's `execute_tool` span), ended by its answer, its cancellation or the transport's
 * close (a cancellation is `cancelled` when the caller's signal aborted, else `timeout`).
 * The span's context goes along in the request's `params._meta` (`traceparent`,
 * `tracestate`) and, through the transport's `fetch`, as HTTP headers. With no
 * OpenTelemetry SDK registered the spans do not record and messages pass unchanged.
 * `attempt` is this transport's connect attempt on its connection, from 1.
 */
export function tracedTransport(
  inner: Transport,
  target: McpSpanTarget,
  attempt: number,
): Transport {
  const pending = new Map<string | number, { span: Span; callerSignal?: AbortSignal }>();
  let handler: Handler | undefined;
  let onclose: (() => void) | undefined;
  let protocolVersion: string | undefined;

  const observe = (message: JSONRPCMessage) => {
    if (!("id" in message) || "method" in message || message.id === undefined) return;
    const span = pending.get(message.id)?.span;
    if (!span) return;
    pending.delete(message.id);
    const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
    if (typeof version === "string" && protocolVersion === undefined) {
      protocolVersion = version;
      span.setAttribute("mcp.protocol.version", version);
    }
    if (inner.sessionId !== undefined) span.setAttribute("mcp.session.id", inner.sessionId);
    endMcpSpan(span, message as { result?: unknown; error?: unknown });
  };

  const send: Transport["send"] = (message, options) => {
    if (isCancellation(message)) {
      const sent = pending.get(message.params.requestId);
      if (sent) {
        pending.delete(message.params.requestId);
        endUnansweredMcpSpan(sent.span, cancellationCause(sent.callerSignal));
      }
    }
    if (!isRequest(message)) return inner.send(message, options);
    const parent = context.active();
    const span = startMcpSpan(
      trace.getTracer(TRACER_NAME),
      message,
      mcpRequestAttributes(message, target, {
        attempt,
        ...(inner.sessionId === undefined ? {} : { id: inner.sessionId }),
        ...(protocolVersion === undefined ? {} : { protocolVersion }),
      }),
      parent,
    );
    if (!span.isRecording()) return inner.send(message, options);
    const callerSignal = activeCallerSignal();
    pending.set(message.id, callerSignal ? { span, callerSignal } : { span });
    const spanContext = trace.setSpan(parent, span);
    const carrier: Record<string, string> = {};
    propagation.inject(spanContext, carrier);
    const params = (message.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    const withMeta: JSONRPCMessage =
      Object.keys(carrier).length === 0
        ? message
        : { ...message, params: { ...params, _meta: { ...meta, ...carrier } } };
    return context.with(spanContext, () => inner.send(withMeta, options));
  };

  const closeAll = () => {
    for (const { span } of pending.values()) endUnansweredMcpSpan(span, "connection_closed");
    pending.clear();
  };

  return new Proxy(inner, {
    get(object, key) {
      if (key === "send") return send;
      if (key === "onmessage") return handler;
      if (key === "onclose") return onclose;
      if (key === "close") {
        return async () => {
          try {
            await object.close();
          } finally {
            closeAll();
          }
        };
      }
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
    set(object, key, value) {
      if (key === "onclose") {
        onclose = value as (() => void) | undefined;
        object.onclose = () => {
          closeAll();
          onclose?.();
        };
        return true;
      }
      if (key !== "onmessage") return Reflect.set(object, key, value, object);
      // The handler a caller sets (the Client, then the response deferral) is kept as set;
      // the transport gets one observer in front of whichever is current.
      handler = value as Handler | undefined;
      object.onmessage = handler
        ? (message, extra) => {
            observe(message);
            handler?.(message, extra);
          }
        : undefined;
      return true;
    },
  });
}

function isCancellation(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { params: { requestId: string | number; reason?: string } } {
  return (
    "method" in message &&
    message.method === "notifications/cancelled" &&
    !("id" in message) &&
    typeof (message.params as { requestId?: unknown } | undefined)?.requestId !== "undefined"
  );
}
