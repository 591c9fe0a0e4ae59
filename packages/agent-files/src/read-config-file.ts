import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { AgentFileError } from "./agent-file-error.js";
import { firstInvalidUtf8Offset } from "./utf8-offset.js";

/** The largest config, agent, prompt or env file read: 10 MB. A larger one is refused unread. */
export const MAX_CONFIG_FILE_BYTES = 10 * 1024 * 1024;

/** What a path that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The AgentFileError for a failed stat or open: missing, a symlink loop, no permission. */
export function fileSystemError(file: string, error: unknown): AgentFileError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return new AgentFileError({ code: "NOT_FOUND", file, problem: "no such file", cause: error });
  }
  const problem =
    code === "ELOOP"
      ? "symbolic link loop: following the link leads back to itself; point it at a real file"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied: the file cannot be read by this user"
        : `cannot read the file (${code ?? (error as Error).message})`;
  return new AgentFileError({ code: "UNREADABLE", file, problem, cause: error });
}

function refuse(file: string, stats: Stats, maxBytes: number): AgentFileError | undefined {
  if (!stats.isFile()) {
    return new AgentFileError({
      code: "UNREADABLE",
      file,
      problem: `is ${kindOf(stats)}, not a regular file; only regular files are read as configs`,
    });
  }
  if (stats.size > maxBytes) {
    return new AgentFileError({
      code: "UNREADABLE",
      file,
      problem: `is ${megabytes(stats.size)}, over the ${megabytes(maxBytes)} limit for config files; is this the right file?`,
    });
  }
  return undefined;
}

/**
 * The text of a config file (agent, MCP config, prompt, env file), read safely: only a
 * regular file (a device such as /dev/zero would read forever, a FIFO would block), at most
 * `maxBytes`, valid UTF-8. The file is opened non-blocking and checked again after opening,
 * so a path swapped for a FIFO between the checks cannot block either.
 * @throws AgentFileError `NOT_FOUND` when it does not exist; `UNREADABLE` naming the file and
 * why (not a regular file, over the limit, invalid UTF-8 at byte N, a symbolic link loop,
 * permission denied).
 */
export function readConfigFile(file: string, maxBytes = MAX_CONFIG_FILE_BYTES): string {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    throw fileSystemError(file, error);
  }
  const early = refuse(file, stats, maxBytes);
  if (early) throw early;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw fileSystemError(file, error);
  }
  let bytes: Buffer;
  try {
    const late = refuse(file, fstatSync(fd), maxBytes);
    if (late) throw late;
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
        throw new AgentFileError({
          code: "UNREADABLE",
          file,
          problem: `grew past the ${megabytes(maxBytes)} limit for config files while being read`,
        });
      }
    }
    bytes = Buffer.concat(chunks, length);
  } catch (error) {
    if (AgentFileError.isInstance(error)) throw error;
    throw fileSystemError(file, error);
  } finally {
    closeSync(fd);
  }
  const invalid = firstInvalidUtf8Offset(bytes);
  if (invalid !== undefined) {
    throw new AgentFileError({
      code: "UNREADABLE",
      file,
      problem: `is not valid UTF-8: byte 0x${bytes[invalid]?.toString(16).padStart(2, "0")} at offset ${invalid} cannot start or continue a character; save the file as UTF-8`,
    });
  }
  return bytes.toString("utf8");
}
