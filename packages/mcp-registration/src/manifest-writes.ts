import { errorSummary } from "./error-summary.js";
import type { HubEvent } from "./hub-types.js";
import type { ManifestCache } from "./manifest-cache.js";
import type { McpToolDescription } from "./server-connection.js";

/**
 * Writes lazy servers' manifests to the cache in the background. A failed write is a
 * `warning` event, never an error: the tools work regardless. The hub waits for the writes
 * under way before its close resolves.
 */
export class ManifestWrites {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly cache: ManifestCache,
    private readonly emit: (event: HubEvent) => void,
  ) {}

  /** Saves `tools` as the manifest of `server` under `key`. */
  save(
    server: string,
    key: string,
    info: { name: string; version: string } | undefined,
    tools: readonly McpToolDescription[],
  ): void {
    const write = this.cache
      .write(key, {
        format: 1,
        server,
        ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
        tools: [...tools],
        savedAt: Date.now(),
      })
      .catch((error: unknown) => {
        this.emit({
          type: "warning",
          server,
          message: `could not write the manifest cache ${this.cache.pathOf(key)}: ${errorSummary(error)}`,
        });
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves once every write started so far has ended. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
