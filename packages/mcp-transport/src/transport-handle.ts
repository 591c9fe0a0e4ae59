import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpTransportError } from "./errors.js";

/** When a failure happened: while connecting, or during an established session. */
export type FailurePhase = "connect" | "session";

/** One live transport (one process, or one HTTP session) and how to end it. */
export interface TransportHandle {
  readonly transport: Transport;
  /** Turns whatever went wrong into a typed error (exit code + stderr tail, HTTP status, …). */
  describeFailure(error: unknown, phase: FailurePhase): McpTransportError;
  /** Ends it for good: stdio takes the whole process group down, HTTP deletes the session. */
  shutdown(): Promise<void>;
}

/** Makes a fresh transport per (re)connect attempt. */
export interface TransportFactory {
  create(): TransportHandle | Promise<TransportHandle>;
  /**
   * Called when a connect attempt failed; returns true when the factory switched to
   * another transport (Streamable HTTP → legacy SSE) and the attempt should be repeated.
   */
  fallback?(error: McpTransportError): boolean;
  /** Called when a connect attempt succeeded: what the server spoke is now settled. */
  connected?(): void;
  /**
   * Called with the raw error when a connect or a request failed as unauthorized; resolves
   * true when it got new credentials (an OAuth login) and the operation should be repeated.
   */
  recover?(error: unknown): Promise<boolean>;
  /**
   * Runs one request, its attempts and its {@link TransportFactory.recover} together, so that
   * what the factory does for that request (an OAuth step-up) is keyed to it.
   */
  request?<T>(run: () => Promise<T>): Promise<T>;
  /** The last stderr lines of the server (empty for HTTP). */
  stderrTail(): string[];
}
