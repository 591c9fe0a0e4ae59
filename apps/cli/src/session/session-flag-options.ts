import type { AgentSessionOptions } from "@tinyloop/agent-session";

/**
 * The flags `run` and `serve` share that shape the session: `--max-turns`, `--tool-search`,
 * `--lazy`, `--max-concurrent-starts`.
 */
export interface SessionFlags {
  maxTurns?: number;
  /** `--tool-search auto|always|never`. */
  toolSearch?: "auto" | "always" | "never";
  /** `--lazy`: start servers on first use, their tools from the manifest cache. */
  lazy?: boolean;
  /** `--max-concurrent-starts N`: servers starting at once. */
  maxConcurrentStarts?: number;
}

/**
 * The `openAgentSession` options these flags decide, for `run` and `serve` alike; a flag
 * not given leaves the option unset (the file's value or the library's default).
 */
export function sessionFlagOptions(
  flags: SessionFlags,
): Pick<AgentSessionOptions, "maxTurns" | "toolSearch" | "lazy" | "maxConcurrentStarts"> {
  return {
    ...(flags.maxTurns ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.toolSearch ? { toolSearch: flags.toolSearch } : {}),
    ...(flags.lazy ? { lazy: true } : {}),
    ...(flags.maxConcurrentStarts ? { maxConcurrentStarts: flags.maxConcurrentStarts } : {}),
  };
}
