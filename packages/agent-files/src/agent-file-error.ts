import { errorMarker, formatKeyPath, hasErrorMarker, markErrorClass } from "@tinyloop/errors";
import type { ConfigPath } from "./config-path.js";

const marker = errorMarker("agent-files", "AgentFileError");

/** Stable codes of {@link AgentFileError}. */
export type AgentFileErrorCode =
  /** The path does not exist, or a folder has no `agent.json`. */
  | "NOT_FOUND"
  /**
   * The path cannot be read as a config: not a regular file (a device, a FIFO, a folder
   * where a file is needed), over the 10 MB limit, not UTF-8, a symbolic link loop, no permission.
   */
  | "UNREADABLE"
  /** The text is not valid JSON (with comments) or YAML. */
  | "PARSE_ERROR"
  /** A value has the wrong type or shape, or the file is no known format. */
  | "INVALID"
  /** One or more `${VAR}` have no value and no default. */
  | "VARIABLE_UNSET"
  /** An `${input:ID}` is needed and nothing answered it. */
  | "INPUT_MISSING"
  /** A Hub agent is private, or the token in `HF_TOKEN` has no access to it. */
  | "ACCESS_DENIED"
  /** The Hub (or `HF_ENDPOINT`) did not answer, or answered with a server error. */
  | "UNREACHABLE"
  /** `writeStarterAgent`: the folder already has an `agent.json`, which it never overwrites. */
  | "EXISTS"
  /** `checkAgentChain`: agents used as servers form a cycle, go too deep, or one cannot be read. */
  | "AGENT_CHAIN";

/** Constructor argument of {@link AgentFileError}. */
export interface AgentFileErrorOptions {
  code: AgentFileErrorCode;
  /** The file the problem is in. */
  file: string;
  /** The problem in words when `expected`/`received` do not say it all. */
  problem?: string;
  /** Where in the file, as keys and indexes (`["mcpServers", "github", "url"]`). */
  path?: ConfigPath;
  /** 1-based line and column of the value, when known. */
  line?: number;
  column?: number;
  /** The offending line with a caret under the column. */
  excerpt?: string;
  /** What the value should be (`a string`, `an http(s) URL`). */
  expected?: string;
  /** What was found (`a number (3)`). */
  received?: string;
  /** The right form, ready to copy. */
  example?: string;
  /** More problems found in the same file, each said in full after this one. */
  others?: readonly AgentFileError[];
  cause?: unknown;
}

/**
 * The one error class of @tinyloop/agent-files: a problem with a file the user gave.
 * `message` reads `FILE:LINE:COL: PATH: expected …, got …`, then the line with a caret, then
 * `example: …` — then each of `others` (more problems of the same file) the same way, so a
 * file's problems are all said at once. `code` and `name` are stable.
 */
export class AgentFileError extends Error {
  static {
    markErrorClass(AgentFileError, marker);
  }

  readonly code: AgentFileErrorCode;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  /** The path in the file's own key names (`mcpServers.bad.url`), when there is one. */
  readonly path?: string;
  readonly expected?: string;
  readonly received?: string;
  readonly example?: string;
  /** The other problems of the same file, found in the same read (empty when there is one). */
  readonly others: readonly AgentFileError[];
  readonly #options: AgentFileErrorOptions;

  constructor(options: AgentFileErrorOptions) {
    super(
      formatMessage(options),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "AgentFileError";
    this.code = options.code;
    this.file = options.file;
    if (options.line !== undefined) this.line = options.line;
    if (options.column !== undefined) this.column = options.column;
    if (options.path !== undefined && options.path.length > 0)
      this.path = formatKeyPath(options.path);
    if (options.expected !== undefined) this.expected = options.expected;
    if (options.received !== undefined) this.received = options.received;
    if (options.example !== undefined) this.example = options.example;
    this.others = options.others ?? [];
    this.#options = options;
  }

  /** This error with `others` (more problems of the same file) as its {@link AgentFileError.others}. */
  withOthers(others: readonly AgentFileError[]): AgentFileError {
    return new AgentFileError({ ...this.#options, others });
  }

  /** True for an AgentFileError from any copy of this package. */
  static isInstance(value: unknown): value is AgentFileError {
    return hasErrorMarker(value, marker);
  }
}

function formatMessage(o: AgentFileErrorOptions): string {
  const at = o.line !== undefined ? `:${o.line}:${o.column ?? 1}` : "";
  const where = o.path && o.path.length > 0 ? `${formatKeyPath(o.path)}: ` : "";
  const parts: string[] = [];
  if (o.problem) parts.push(o.problem);
  if (o.expected !== undefined)
    parts.push(`expected ${o.expected}${o.received !== undefined ? `, got ${o.received}` : ""}`);
  const lines = [`${o.file}${at}: ${where}${parts.join("; ")}`];
  if (o.excerpt) lines.push(o.excerpt);
  if (o.example) lines.push(`  example: ${o.example}`);
  for (const other of o.others ?? []) lines.push(other.message);
  return lines.join("\n");
}
