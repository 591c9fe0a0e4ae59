import type { AgentSessionOptions } from "@tinyloop/agent-session";

/**
 * The flags every command that runs an agent shares that shape the session: `--max-turns`,
 * `--tool-search`, `--end-when` (see {@link sessionFlagOptions}), and those of its start,
 * `--lazy` and `--max-concurrent-starts` (see `startSession`).
 */
export interface SessionFlags {
  maxTurns?: number | undefined;
  /** `--tool-search auto|always|never`. */
  toolSearch?: "auto" | "always" | "never" | undefined;
  /** `--end-when text|two-texts`. */
  endWhen?: "text" | "two-texts" | undefined;
  /** `--lazy`: start servers on first use, their tools from the manifest cache. */
  lazy?: boolean | undefined;
  /** `--max-concurrent-starts N`: servers starting at once. */
  maxConcurrentStarts?: number | undefined;
}

/**
 * The session options `--max-turns`, `--tool-search` and `--end-when` decide, for every
 * command alike; a flag not given leaves the option unset (the file's value or the library's
 * default). `--lazy` and `--max-concurrent-starts` are the start's (`startSession`).
 */
export function sessionFlagOptions(
  flags: SessionFlags,
): Pick<AgentSessionOptions, "maxTurns" | "toolSearch" | "endWhen"> {
  return {
    ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.toolSearch ? { toolSearch: flags.toolSearch } : {}),
    ...(flags.endWhen ? { endWhen: flags.endWhen } : {}),
  };
}
