import { join } from "node:path";
import { tinyloopStateDir } from "../config-dir.js";

/**
 * Where the local runs database keeps its files: `postgres` in tinyloop's state directory
 * (`$XDG_STATE_HOME/tinyloop/postgres`, else `~/.local/state/tinyloop/postgres`); as root
 * without `XDG_STATE_HOME`, `/var/lib/tinyloop/postgres` (the server then runs as the
 * `postgres` user, who cannot enter root's home).
 */
export function localDatabaseFolder(env: NodeJS.ProcessEnv): string {
  if (!env.XDG_STATE_HOME && process.getuid?.() === 0) return "/var/lib/tinyloop/postgres";
  return join(tinyloopStateDir(env), "postgres");
}
