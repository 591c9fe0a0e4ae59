import type { TransportFactory } from "../transport-handle.js";
import type { McpSpanTarget } from "./mcp-client-span.js";
import { tracedTransport } from "./traced-transport.js";

/**
 * The factory with every transport it makes traced (see {@link tracedTransport}); counts the
 * connect attempts, so a reconnect's `initialize` span says which attempt it was.
 */
export function tracedFactory(factory: TransportFactory, target: McpSpanTarget): TransportFactory {
  let attempts = 0;
  const { fallback, connected, recover, request } = factory;
  return {
    create: async () => {
      const handle = await factory.create();
      attempts++;
      return {
        transport: tracedTransport(handle.transport, target, attempts),
        describeFailure: (error, phase) => handle.describeFailure(error, phase),
        shutdown: () => handle.shutdown(),
      };
    },
    stderrTail: () => factory.stderrTail(),
    ...(fallback ? { fallback: (error) => fallback.call(factory, error) } : {}),
    ...(connected ? { connected: () => connected.call(factory) } : {}),
    ...(recover ? { recover: (error) => recover.call(factory, error) } : {}),
    ...(request ? { request: request.bind(factory) } : {}),
  };
}
