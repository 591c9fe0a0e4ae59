import type { ToolRegistry } from "@tinyloop/registry";
import type { HubEvents } from "./hub-events.js";
import type { ConnectFunction } from "./hub-types.js";
import type { ManifestCache } from "./manifest-cache.js";
import type { ManifestWrites } from "./manifest-writes.js";
import type { StartQueue } from "./start-queue.js";

/** What a hub's `SlotRunner` works with, shared by all slots of one hub. */
export interface SlotRunnerParts {
  registry: ToolRegistry;
  connect: ConnectFunction;
  connectOptions: Parameters<ConnectFunction>[2];
  prefix: string | undefined;
  /** The hub's default for servers that do not say `lazy`. */
  lazy: boolean;
  shutdownTimeoutMs: number;
  events: HubEvents;
  cache: ManifestCache;
  writes: ManifestWrites;
  starts: StartQueue;
}
