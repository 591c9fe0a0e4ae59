import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { McpToolDescription } from "./server-connection.js";

/** What the cache remembers of one server: its tools as listed, and who listed them. */
export interface CachedManifest {
  /** Format of the file; entries of another format are ignored. */
  format: 1;
  /** The configured server name when the entry was written (for people reading the file). */
  server: string;
  /** `serverInfo` from the server's `initialize`, when it sent one. */
  serverInfo?: { name: string; version: string };
  /** Every tool as `tools/list` returned it (before filtering). */
  tools: McpToolDescription[];
  /** When the entry was written, in epoch milliseconds. */
  savedAt: number;
}

/** Options of the manifest cache (`connectAll`'s `manifestCache`). */
export interface ManifestCacheOptions {
  /** Folder of the cache files. Default {@link defaultManifestCacheDir}. */
  dir?: string;
  /** Entries older than this are stale: the server is started and the entry rewritten. Default 7 days. */
  maxAgeMs?: number;
}

/** Default of {@link ManifestCacheOptions.maxAgeMs}: 7 days. */
export const DEFAULT_MANIFEST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * `$TINYLOOP_CACHE_DIR/mcp-manifests` when set; otherwise `tinyloop/mcp-manifests` under the
 * user's cache folder: `$XDG_CACHE_HOME` or `~/.cache` (Linux), `~/Library/Caches` (macOS),
 * `%LOCALAPPDATA%` (Windows).
 */
export function defaultManifestCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TINYLOOP_CACHE_DIR) return join(env.TINYLOOP_CACHE_DIR, "mcp-manifests");
  let base: string;
  if (process.platform === "darwin") base = join(homedir(), "Library", "Caches");
  else if (process.platform === "win32")
    base = env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local");
  else base = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "tinyloop", "mcp-manifests");
}

function isManifest(value: unknown): value is CachedManifest {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    entry.format === 1 &&
    typeof entry.savedAt === "number" &&
    Array.isArray(entry.tools) &&
    entry.tools.every(
      (tool) => typeof tool === "object" && tool !== null && typeof tool.name === "string",
    )
  );
}

/** Why {@link ManifestCache.read} found no usable entry. */
export type ManifestMiss = "missing" | "unreadable" | "stale";

/** One JSON file per server key in a folder; writes are atomic (temp file + rename). */
export class ManifestCache {
  readonly dir: string;
  readonly maxAgeMs: number;

  constructor(options: ManifestCacheOptions = {}) {
    this.dir = options.dir ?? defaultManifestCacheDir();
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MANIFEST_MAX_AGE_MS;
  }

  /** Path of the entry of `key`. */
  pathOf(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** The entry of `key` when it exists, parses and is younger than `maxAgeMs`. */
  async read(key: string, now = Date.now()): Promise<CachedManifest | ManifestMiss> {
    let text: string;
    try {
      text = await readFile(this.pathOf(key), "utf8");
    } catch {
      return "missing";
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return "unreadable";
    }
    if (!isManifest(parsed)) return "unreadable";
    return now - parsed.savedAt > this.maxAgeMs ? "stale" : parsed;
  }

  /** Writes the entry of `key`, creating the folder. Rejects when the folder is not writable. */
  async write(key: string, manifest: CachedManifest): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(key);
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, "utf8");
    await rename(temporary, path);
  }
}
