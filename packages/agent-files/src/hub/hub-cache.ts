import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";

/** The tiny-agents dataset's folder in the Hub cache (`datasets--<owner>--<name>`). */
export const TINY_AGENTS_CACHE_FOLDER = "datasets--tiny-agents--tiny-agents";

/**
 * The Hugging Face Hub cache, as every Hub library finds it: `HF_HUB_CACHE`, else
 * `$HF_HOME/hub`, else `$XDG_CACHE_HOME/huggingface/hub`, else `~/.cache/huggingface/hub`.
 */
export function hubCacheDir(env: Record<string, string | undefined>): string {
  if (env.HF_HUB_CACHE) return env.HF_HUB_CACHE;
  if (env.HF_HOME) return join(env.HF_HOME, "hub");
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(cache, "huggingface", "hub");
}

/** One repository's part of the cache: `blobs/<etag>`, `snapshots/<commit>/<path>`, `refs/<revision>`. */
export class HubRepoCache {
  constructor(readonly root: string) {}

  /** The commit a branch or tag pointed to when last fetched, if it was. */
  commitOf(revision: string): string | undefined {
    try {
      return readFileSync(join(this.root, "refs", revision), "utf8").trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** Remembers that `revision` points to `commit` (a commit needs no ref). */
  writeRef(revision: string, commit: string): void {
    if (revision === commit) return;
    const file = join(this.root, "refs", revision);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, commit);
  }

  /** The folder of a commit's files. */
  snapshot(commit: string): string {
    return join(this.root, "snapshots", commit);
  }

  /** Stores a file's bytes as a blob and links it into the commit's snapshot; returns the snapshot path. */
  store(commit: string, path: string, etag: string, bytes: Buffer): string {
    const blob = join(this.root, "blobs", etag);
    mkdirSync(dirname(blob), { recursive: true });
    // Written aside and renamed: a reader never sees half a blob.
    writeFileSync(`${blob}.incomplete`, bytes);
    renameSync(`${blob}.incomplete`, blob);
    const pointer = join(this.snapshot(commit), path);
    mkdirSync(dirname(pointer), { recursive: true });
    try {
      symlinkSync(relative(dirname(pointer), blob), pointer);
    } catch (error) {
      // Already linked by an earlier fetch; or no symlinks here (Windows without the right): a copy.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") writeFileSync(pointer, bytes);
    }
    return pointer;
  }
}
