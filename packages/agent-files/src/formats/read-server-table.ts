import type * as z from "zod/mini";
import type { FormatResult } from "../agent-settings.js";
import type { ConfigPath } from "../config-path.js";
import { readEach } from "../problem-list.js";
import type { ServerDraft } from "../server-draft.js";
import {
  type EntryReading,
  type FormatContext,
  readEntryAt,
  type ServerTable,
  serversOnly,
  serverTableAt,
} from "./foreign-server.js";

/** How each entry of a foreign format's server table becomes a draft. */
export interface TableEntries<T extends z.core.$ZodType> {
  /** The entry's check ({@link readEntryAt}); a function of the entry's path where it needs it. */
  reading: EntryReading<T> | ((path: ConfigPath) => EntryReading<T>);
  /** The checked entry as a draft, or `undefined` to skip it (a warning says why). */
  toDraft(entry: z.output<T>, name: string, path: ConfigPath): ServerDraft | undefined;
}

/**
 * Each entry of an opened server table under `key`, checked by {@link readEntryAt} at
 * `[key, name]` and made a draft by `toDraft`; an entry with a problem does not stop the
 * others (each problem goes to the context's list).
 */
export function readTableEntries<T extends z.core.$ZodType>(
  context: FormatContext,
  table: Record<string, unknown>,
  key: string,
  { reading, toDraft }: TableEntries<T>,
): ServerDraft[] {
  return readEach(
    Object.entries(table),
    ([name, raw]) => {
      const path: ConfigPath = [key, name];
      const entry = readEntryAt(
        context,
        path,
        raw,
        typeof reading === "function" ? reading(path) : reading,
      );
      return toDraft(entry, name, path);
    },
    context.problems,
  );
}

/**
 * A foreign format whose servers are a name → entry table: the table opened by
 * {@link serverTableAt} (no table: no servers, or an error), then each entry read by
 * {@link readTableEntries}.
 */
export function readServerTable<T extends z.core.$ZodType>(
  context: FormatContext,
  table: ServerTable,
  entries: TableEntries<T>,
): FormatResult {
  const opened = serverTableAt(context, table);
  if ("none" in opened) return opened.none;
  return serversOnly(table.format, readTableEntries(context, opened.table, table.key, entries));
}
