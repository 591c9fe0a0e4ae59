import {
  type FileReadFailure,
  fileSystemFailure,
  MAX_FILE_BYTES,
  readBoundedFile,
} from "@tinyloop/errors/files";
import { AgentFileError } from "./agent-file-error.js";

/**
 * The largest config, agent, prompt or env file read: 10 MB, `@tinyloop/errors`'
 * `MAX_FILE_BYTES` (the one limit of files a person names). A larger one is refused unread.
 */
export const MAX_CONFIG_FILE_BYTES = MAX_FILE_BYTES;

function asError(file: string, failure: FileReadFailure): AgentFileError {
  return new AgentFileError({
    code: failure.code,
    file,
    problem: failure.problem,
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
  });
}

/** The AgentFileError for a failed stat or open: missing, a symlink loop, no permission. */
export function fileSystemError(file: string, error: unknown): AgentFileError {
  return asError(file, fileSystemFailure(error));
}

/**
 * The text of a config file (agent, MCP config, prompt, env file), read by `@tinyloop/errors`'
 * `readBoundedFile`, the one safe read: only a regular file (a device such as /dev/zero would
 * read forever, a FIFO would block), at most `maxBytes`, valid UTF-8.
 * @throws AgentFileError `NOT_FOUND` when it does not exist; `UNREADABLE` naming the file and
 * why (not a regular file, over the limit, invalid UTF-8 at byte N, a symbolic link loop,
 * permission denied).
 */
export function readConfigFile(file: string, maxBytes = MAX_CONFIG_FILE_BYTES): string {
  const read = readBoundedFile(file, { maxBytes, what: "config files" });
  if ("failure" in read) throw asError(file, read.failure);
  return read.text;
}
