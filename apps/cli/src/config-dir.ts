import { homedir } from "node:os";
import { join } from "node:path";

/** Where the CLI keeps what it remembers: `$XDG_CONFIG_HOME/tinyloop`, else `~/.config/tinyloop`. */
export function tinyloopConfigDir(env: Record<string, string | undefined>): string {
  const config = env.XDG_CONFIG_HOME || join(env.HOME ?? ".", ".config");
  return join(config, "tinyloop");
}

/**
 * Where the CLI keeps what it records as it goes (saved conversations, the local runs
 * database): `$XDG_STATE_HOME/tinyloop`, else `~/.local/state/tinyloop`.
 */
export function tinyloopStateDir(env: Record<string, string | undefined>): string {
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, "tinyloop");
  return join(env.HOME || homedir(), ".local", "state", "tinyloop");
}
