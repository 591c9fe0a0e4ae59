import { type ParsedServerEntry, parseServerEntry, sameFilter } from "./server-entry.js";
import { splitLoadOptions } from "./server-load-options.js";
import type { Slot } from "./server-slot.js";

/** What a reload does with one server (see `ReloadSummary`). */
export type ReloadStep =
  /** No longer configured: stopped. */
  | { kind: "removed"; name: string; old: Slot }
  /** The same config and a healthy slot: kept as it is. */
  | { kind: "unchanged"; name: string; old: Slot }
  /** Only its tool filter changed on a healthy slot: kept and re-filtered. */
  | { kind: "refiltered"; name: string; old: Slot; entry: ParsedServerEntry }
  /** Its connection or load options changed, or it had failed: stopped and started again. */
  | { kind: "restarted"; name: string; old: Slot; input: unknown }
  /** Newly configured: started. */
  | { kind: "added"; name: string; input: unknown };

/**
 * Compares the running slots with the new `servers` record: the removed servers first (in
 * the old order), then one step per configured server, in configuration order. A slot is
 * kept only when its connection key, `enabled` and load options (`lazy`, `alwaysLoad`) are
 * the same and it is healthy (not failed; connected, disabled or idle); an entry that does
 * not parse is restarted, so that the new slot records its error.
 */
export function planReload(
  slots: ReadonlyMap<string, Slot>,
  servers: Record<string, unknown>,
  defaultLazy: boolean,
): ReloadStep[] {
  const steps: ReloadStep[] = [];
  for (const [name, old] of slots) {
    if (!Object.hasOwn(servers, name)) steps.push({ kind: "removed", name, old });
  }
  for (const [name, input] of Object.entries(servers)) {
    const old = slots.get(name);
    if (!old) {
      steps.push({ kind: "added", name, input });
      continue;
    }
    const parsed = keptEntry(old, name, input, defaultLazy);
    if (!parsed) steps.push({ kind: "restarted", name, old, input });
    else if (sameFilter(parsed.filter, old.entry?.filter ?? {})) {
      steps.push({ kind: "unchanged", name, old });
    } else steps.push({ kind: "refiltered", name, old, entry: parsed });
  }
  return steps;
}

/** The new entry when `old` can stay (same connection, same load options, healthy). */
function keptEntry(
  old: Slot,
  name: string,
  input: unknown,
  defaultLazy: boolean,
): ParsedServerEntry | undefined {
  let parsed: ParsedServerEntry;
  let sameLoad: boolean;
  try {
    const { entry, load } = splitLoadOptions(name, input);
    parsed = parseServerEntry(name, entry);
    sameLoad =
      (load.lazy ?? defaultLazy) === old.lazy && (load.alwaysLoad ?? false) === old.alwaysLoad;
  } catch {
    return undefined; // the new slot records the error
  }
  const oldEntry = old.entry;
  const sameConnection =
    oldEntry !== undefined &&
    sameLoad &&
    parsed.connectionKey === oldEntry.connectionKey &&
    parsed.enabled === oldEntry.enabled;
  return sameConnection && isHealthy(old) ? parsed : undefined;
}

/** Not failed, and connected (not failed), disabled or idle. */
function isHealthy(slot: Slot): boolean {
  if (slot.state === "failed") return false;
  if (slot.connection) return slot.connection.state !== "failed";
  return slot.state === "disabled" || slot.state === "idle";
}
