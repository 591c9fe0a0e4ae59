import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** A lock older than this was left by a command that died while starting the server. */
const STALE_AFTER_MS = 60_000;

/**
 * Runs `work` holding a lock folder in `folder` (`starting.lock`), so that of several commands
 * starting at once one creates or starts the server and the others wait, then find it running.
 */
export async function withStartLock<T>(folder: string, work: () => Promise<T>): Promise<T> {
  const lock = join(folder, "starting.lock");
  while (true) {
    try {
      // The folder again: the command before may have removed a half-created one.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_AFTER_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
