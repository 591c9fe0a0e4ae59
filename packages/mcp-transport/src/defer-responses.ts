import { guardResponse } from "./guard-responses.js";
import type { TransportHandle } from "./transport-handle.js";

/**
 * The SDK runs notification handlers one microtask late but resolves responses at once, so
 * a progress notification sent just before the result would arrive after its request is
 * settled ("unknown token"). Delivering responses one microtask later keeps server order.
 * Malformed answers are turned into errors for their request on the way (guardResponse).
 */
export function deferResponses(handle: TransportHandle, server: string): void {
  const transport = handle.transport;
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if ("id" in message && !("method" in message)) {
      const guarded = guardResponse(server, message); // malformed answers fail their request now
      queueMicrotask(() => deliver(guarded, extra));
    } else deliver(message, extra);
  };
}
