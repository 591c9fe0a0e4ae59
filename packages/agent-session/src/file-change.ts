import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { ToolDefinition } from "@tinyloop/registry";

/** What a file-writing tool call would do to a file on this machine (see {@link fileChange}). */
export interface FileChange {
  /** The file compared: the call's path, resolved from the working directory (`~` expanded). */
  file: string;
  /** The file's text now; undefined when it does not exist (a new file). */
  before: string | undefined;
  /** The file's text after the call; undefined when it cannot be worked out (see `problem`). */
  after: string | undefined;
  /** Why there is no diff (the file cannot be read, an edit's text is not in it). */
  problem?: string;
  /** The arguments the diff shows, so a view need not repeat them (`content`, `edits`). */
  shownByDiff: readonly string[];
}

/** Files bigger than this are not read for a diff. */
const MAX_FILE_BYTES = 1_000_000;

/**
 * The change a call to a file-writing tool would make, when its arguments say it: the MCP
 * filesystem server's `write_file` `{path, content}` and `edit_file` `{path, edits:
 * [{oldText, newText}]}` (found by the tool's name on its server, `definition.source.tool`,
 * else the registered name's end). The current file is read on this machine; a relative
 * path is resolved from the working directory, which is where a local server started here
 * resolves it too (the file compared is named, for the person to judge). Undefined for
 * any other tool or arguments of another shape.
 */
export function fileChange(
  definition: ToolDefinition,
  args: Record<string, unknown>,
): FileChange | undefined {
  const tool = definition.source?.tool ?? definition.name;
  const path = args.path;
  if (typeof path !== "string" || path === "") return undefined;
  const file = resolve(path.startsWith("~/") ? `${homedir()}${path.slice(1)}` : path);
  if (/(^|_)write_file$/.test(tool) && typeof args.content === "string") {
    const current = readCurrent(file);
    if ("problem" in current) return { file, ...current, after: undefined, shownByDiff: [] };
    return { file, before: current.text, after: args.content, shownByDiff: ["content"] };
  }
  if (/(^|_)edit_file$/.test(tool) && Array.isArray(args.edits)) {
    const current = readCurrent(file);
    if ("problem" in current) return { file, ...current, after: undefined, shownByDiff: [] };
    if (current.text === undefined) {
      return {
        file,
        before: undefined,
        after: undefined,
        problem: "the file does not exist",
        shownByDiff: [],
      };
    }
    const edited = applyEdits(current.text, args.edits);
    if (typeof edited !== "string") {
      return {
        file,
        before: current.text,
        after: undefined,
        problem: edited.problem,
        shownByDiff: [],
      };
    }
    return { file, before: current.text, after: edited, shownByDiff: ["edits"] };
  }
  return undefined;
}

function readCurrent(
  file: string,
): { text: string | undefined } | { before: undefined; problem: string } {
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return { before: undefined, problem: `${file} is not a regular file` };
    if (stat.size > MAX_FILE_BYTES) {
      return { before: undefined, problem: `${file} is larger than 1 MB, not read for a diff` };
    }
    return { text: readFileSync(file, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { text: undefined };
    return { before: undefined, problem: `${file} cannot be read here (${code ?? String(error)})` };
  }
}

/** Applies `{oldText, newText}` edits in order, each to its first match, as the server does. */
function applyEdits(text: string, edits: unknown[]): string | { problem: string } {
  let result = text;
  for (const [index, edit] of edits.entries()) {
    const { oldText, newText } = (edit ?? {}) as { oldText?: unknown; newText?: unknown };
    if (typeof oldText !== "string" || typeof newText !== "string") {
      return { problem: `edits[${index}] is not {oldText, newText} text` };
    }
    const at = result.indexOf(oldText);
    if (at < 0) {
      return {
        problem: `edits[${index}].oldText is not in the file as written (the server may match it loosely)`,
      };
    }
    result = result.slice(0, at) + newText + result.slice(at + oldText.length);
  }
  return result;
}
