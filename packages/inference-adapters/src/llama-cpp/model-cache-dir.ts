import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where `hf:` models are kept: `$XDG_CACHE_HOME/tinyloop/models`, else
 * `~/.cache/tinyloop/models`.
 */
export function defaultModelCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && xdg.trim() !== "" ? xdg : join(homedir(), ".cache");
  return join(base, "tinyloop", "models");
}
