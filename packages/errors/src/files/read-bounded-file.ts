import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { firstInvalidUtf8Offset } from "./utf8-offset.js";

/**
 * The largest file tinyloop reads whole from a path a person gave it (an agent or MCP config,
 * a prompt, an env file, a replay cassette): 10 MB. A larger one is refused unread.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Why a file could not be read: missing (`NOT_FOUND`) or not readable as text (`UNREADABLE`). */
export interface FileReadFailure {
  code: "NOT_FOUND" | "UNREADABLE";
  /** What is wrong, in words that follow the file's name (`is 12 MB, over the 10 MB limit …`). */
  problem: string;
  cause?: unknown;
}

/** What {@link readBoundedFile} read: the text, or why it could not. */
export type BoundedRead = { text: string } | { failure: FileReadFailure };

/** What a path that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/** `bytes` in megabytes, for a person: `12.3 MB`, `10 MB`. */
function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The failure of a stat or open: missing, a symbolic link loop, no permission. */
export function fileSystemFailure(error: unknown): FileReadFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return { code: "NOT_FOUND", problem: "no such file", cause: error };
  }
  const problem =
    code === "ELOOP"
      ? "symbolic link loop: following the link leads back to itself; point it at a real file"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied: the file cannot be read by this user"
        : `cannot read the file (${code ?? (error as Error).message})`;
  return { code: "UNREADABLE", problem, cause: error };
}

function refuse(stats: Stats, maxBytes: number, what: string): FileReadFailure | undefined {
  if (!stats.isFile()) {
    return {
      code: "UNREADABLE",
      problem: `is ${kindOf(stats)}, not a regular file; only regular files are read as ${what}`,
    };
  }
  if (stats.size > maxBytes) {
    return {
      code: "UNREADABLE",
      problem: `is ${megabytes(stats.size)}, over the ${megabytes(maxBytes)} limit for ${what}; is this the right file?`,
    };
  }
  return undefined;
}

/**
 * The text of a file a person named, read safely — the one rule for every such file: only a
 * regular file (a device such as /dev/zero would read forever, a FIFO would block), at most
 * `maxBytes` (default {@link MAX_FILE_BYTES}), valid UTF-8. The file is opened non-blocking and
 * checked again after opening, so a path swapped for a FIFO between the checks cannot block
 * either. `what` names such files in the texts (`config files`, `cassettes`). Never throws for
 * the file's sake: each caller words the failure in its own error.
 */
export function readBoundedFile(
  file: string,
  { maxBytes = MAX_FILE_BYTES, what = "files" }: { maxBytes?: number; what?: string } = {},
): BoundedRead {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    return { failure: fileSystemFailure(error) };
  }
  const early = refuse(stats, maxBytes, what);
  if (early) return { failure: early };
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { failure: fileSystemFailure(error) };
  }
  let bytes: Buffer;
  try {
    const late = refuse(fstatSync(fd), maxBytes, what);
    if (late) return { failure: late };
    // Read to the end, but never past the limit: the file may have grown since the check.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > maxBytes) {
        return {
          failure: {
            code: "UNREADABLE",
            problem: `grew past the ${megabytes(maxBytes)} limit for ${what} while being read`,
          },
        };
      }
    }
    bytes = Buffer.concat(chunks, length);
  } catch (error) {
    return { failure: fileSystemFailure(error) };
  } finally {
    closeSync(fd);
  }
  const invalid = firstInvalidUtf8Offset(bytes);
  if (invalid !== undefined) {
    return {
      failure: {
        code: "UNREADABLE",
        problem: `is not valid UTF-8: byte 0x${bytes[invalid]?.toString(16).padStart(2, "0")} at offset ${invalid} cannot start or continue a character; save the file as UTF-8`,
      },
    };
  }
  return { text: bytes.toString("utf8") };
}
