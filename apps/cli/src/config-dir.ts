import { join } from "node:path";

/** Where the CLI keeps what it remembers: `$XDG_CONFIG_HOME/tinyloop`, else `~/.config/tinyloop`. */
export function tinyloopConfigDir(env: Record<string, string | undefined>): string {
  const config = env.XDG_CONFIG_HOME || join(env.HOME ?? ".", ".config");
  return join(config, "tinyloop");
}
