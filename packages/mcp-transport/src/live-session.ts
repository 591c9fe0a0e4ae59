import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { TransportHandle } from "./transport-handle.js";

/**
 * The session a connection talks over now: the SDK `Client` and its transport, the handle of
 * an attempt still connecting, and the transports being shut down in the background. Every
 * new attempt and every detach starts a new generation, so the callbacks of a replaced
 * client (its close, its `tools/list_changed`) are told apart and ignored.
 */
export class LiveSession {
  client: Client | undefined;
  handle: TransportHandle | undefined;
  /** The transport of a connect attempt under way, shut down by a close meanwhile. */
  attemptHandle: TransportHandle | undefined;
  /** What the server said about itself in its last `initialize`. */
  serverInfo: { name: string; version: string } | undefined;
  capabilities: ServerCapabilities | undefined;
  private generation = 0;
  private readonly retiring = new Set<Promise<void>>();

  /** Starts a new generation for a new attempt; returns its number. */
  nextGeneration(): number {
    return ++this.generation;
  }

  /** True while nothing has replaced or detached the client of `generation`. */
  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** The attempt connected: its client and transport become the session in use. */
  adopt(client: Client, handle: TransportHandle): void {
    this.client = client;
    this.handle = handle;
    const version = client.getServerVersion();
    this.serverInfo = version ? { name: version.name, version: version.version } : undefined;
    this.capabilities = client.getServerCapabilities();
  }

  /** Stops using the current client (a new generation); returns its transport to retire. */
  detach(): TransportHandle | undefined {
    this.generation++;
    const handle = this.handle;
    this.client = undefined;
    this.handle = undefined;
    return handle;
  }

  /** Shuts a replaced transport down in the background; {@link shutdown} waits for it. */
  retire(handle: TransportHandle): void {
    const done: Promise<void> = handle
      .shutdown()
      .catch(() => {})
      .finally(() => this.retiring.delete(done));
    this.retiring.add(done);
  }

  /** Detaches and shuts down every transport: the current one, an attempt's, the retiring. */
  async shutdown(): Promise<void> {
    const handles = [this.detach(), this.attemptHandle].filter(
      (h): h is TransportHandle => h !== undefined,
    );
    await Promise.all([
      ...handles.map((handle) => handle.shutdown().catch(() => {})),
      ...this.retiring,
    ]);
  }
}
