import type { TransportFactory, TransportHandle } from "./transport-handle.js";

/**
 * OAuth recovery while connecting: the server refused the `initialize` for want of
 * authorization, so the factory logs in (it bounds how often). Resolves true when the
 * attempt should be repeated with the new credentials; a failed login rejects with its own
 * error (the handle shut down first), which then replaces the connect error.
 */
export async function recoverConnect(
  factory: TransportFactory,
  error: unknown,
  handle: TransportHandle,
): Promise<boolean> {
  if (!factory.recover) return false;
  try {
    return await factory.recover(error);
  } catch (failure) {
    await handle.shutdown().catch(() => {});
    throw failure;
  }
}

/**
 * Runs one request in the factory's keeping ({@link TransportFactory.request}), so that an
 * OAuth step-up of the request is its own: begun, waited for and ended with it.
 */
export function inRequest<T>(factory: TransportFactory, run: () => Promise<T>): Promise<T> {
  return factory.request ? factory.request(run) : run();
}

/**
 * OAuth recovery for a request (a step-up: the server wants more scopes): resolves true
 * when the factory logged in again and the request should be sent once more.
 */
export async function recoverRequest(factory: TransportFactory, error: unknown): Promise<boolean> {
  return factory.recover !== undefined && (await factory.recover(error));
}
