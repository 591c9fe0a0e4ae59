import type { ConfigPath } from "./config-path.js";
import { type ProblemList, readEach } from "./problem-list.js";
import { type EntryContext, readServerEntry } from "./read-server-entry.js";
import type { ServerDraft } from "./server-draft.js";

/**
 * Every entry of a name → entry map of servers at `at` (an `mcpServers`-like map or Hermes'
 * `mcp_servers`), each read by {@link readServerEntry} in the flat form under its name; an entry
 * with a problem does not stop the others (each problem goes to `problems`). `checkName`
 * refuses a name before its entry is read.
 */
export function readServerEntries(
  map: Record<string, unknown>,
  at: ConfigPath,
  context: Omit<EntryContext, "path" | "nested">,
  problems: ProblemList,
  checkName?: (name: string) => void,
): ServerDraft[] {
  return readEach(
    Object.entries(map),
    ([name, value]) => {
      checkName?.(name);
      return {
        name,
        ...readServerEntry(value, { ...context, path: [...at, name], nested: false }),
      };
    },
    problems,
  );
}
