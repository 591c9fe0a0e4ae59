import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { type Context, type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";

/** The instrumentation scope of the MCP client spans. */
export const TRACER_NAME = "@tinyloop/mcp-transport";

/** What every MCP client span of one connection says about where it goes. */
export interface McpSpanTarget {
  /** The server's configured name. */
  server: string;
  /** `pipe` for stdio, `tcp` for HTTP (network.transport). */
  networkTransport: "pipe" | "tcp";
  /** Host and port of an HTTP server. */
  address?: { host: string; port: number };
}

type Request = Extract<JSONRPCMessage, { method: string; id: string | number }>;

/**
 * The span name of an MCP request (MCP semantic conventions): `{mcp.method.name} {target}`,
 * the target being the tool or prompt name where the request has one, else the method alone.
 */
export function mcpSpanName(request: Request): string {
  const target = targetOf(request);
  return target === undefined ? request.method : `${request.method} ${target}`;
}

function targetOf(request: Request): string | undefined {
  const name = (request.params as { name?: unknown } | undefined)?.name;
  if (request.method === "tools/call" || request.method === "prompts/get") {
    return typeof name === "string" ? name : undefined;
  }
  return undefined;
}

/** The attributes an MCP client span starts with. */
export function mcpRequestAttributes(
  request: Request,
  target: McpSpanTarget,
  session: { id?: string; protocolVersion?: string; attempt?: number },
): Record<string, string | number> {
  const params = (request.params ?? {}) as { name?: unknown; uri?: unknown };
  const attributes: Record<string, string | number> = {
    "mcp.method.name": request.method,
    "jsonrpc.request.id": String(request.id),
    "network.transport": target.networkTransport,
    "tinyloop.mcp.server.name": target.server,
  };
  if (target.address) {
    attributes["server.address"] = target.address.host;
    attributes["server.port"] = target.address.port;
  }
  if (session.id !== undefined) attributes["mcp.session.id"] = session.id;
  if (session.protocolVersion !== undefined) {
    attributes["mcp.protocol.version"] = session.protocolVersion;
  }
  if (request.method === "tools/call" && typeof params.name === "string") {
    attributes["gen_ai.operation.name"] = "execute_tool";
    attributes["gen_ai.tool.name"] = params.name;
  }
  if (request.method === "prompts/get" && typeof params.name === "string") {
    attributes["gen_ai.prompt.name"] = params.name;
  }
  if (request.method === "resources/read" && typeof params.uri === "string") {
    attributes["mcp.resource.uri"] = params.uri;
  }
  if (request.method === "initialize" && session.attempt !== undefined) {
    // Above 1: a retry of the first connect, or a reconnect after a drop.
    attributes["tinyloop.mcp.connect.attempt"] = session.attempt;
  }
  return attributes;
}

/** Starts the client span of one request, as a child of `parent`. */
export function startMcpSpan(
  tracer: { startSpan: (name: string, options: object, context: Context) => Span },
  request: Request,
  attributes: Record<string, string | number>,
  parent: Context,
): Span {
  return tracer.startSpan(mcpSpanName(request), { kind: SpanKind.CLIENT, attributes }, parent);
}

/**
 * Ends a request's span with its answer: a JSON-RPC error sets ERROR and `error.type` (the
 * error code); a tool result with `isError` sets `error.type` `tool_error`.
 */
export function endMcpSpan(span: Span, answer: { result?: unknown; error?: unknown }): void {
  if (answer.error !== undefined) {
    const code = (answer.error as { code?: unknown }).code;
    span.setAttribute("error.type", String(code ?? "_OTHER"));
    span.setAttribute("rpc.response.status_code", String(code ?? ""));
    span.setStatus({ code: SpanStatusCode.ERROR, message: `JSON-RPC error ${String(code)}` });
  } else if ((answer.result as { isError?: unknown } | undefined)?.isError === true) {
    span.setAttribute("error.type", "tool_error");
    span.setStatus({ code: SpanStatusCode.ERROR, message: "tool_error" });
  }
  span.end();
}

/** Ends a request's span that got no answer: cancelled (`timeout` or `cancelled`) or the connection closed. */
export function endUnansweredMcpSpan(
  span: Span,
  type: "timeout" | "cancelled" | "connection_closed",
): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  span.end();
}
