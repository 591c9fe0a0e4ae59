import { context, propagation } from "@opentelemetry/api";

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` that sends the active trace context as W3C `traceparent` / `tracestate`
 * headers, so an HTTP MCP server (or the proxy before it) can join the client's trace.
 * Nothing is added while no OpenTelemetry SDK is registered.
 */
export function traceContextFetch(base: FetchLike = fetch): FetchLike {
  return (url, init) => {
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    if (Object.keys(carrier).length === 0) return base(url, init);
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(carrier)) headers.set(name, value);
    return base(url, { ...init, headers });
  };
}
