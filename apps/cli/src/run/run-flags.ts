import type { ModelOverrides } from "@tinyloop/agent-session/model-choice";
import type { ModelTimeoutFlags } from "../model-timeout-options.js";
import type { OtlpFlags } from "../telemetry/otlp-settings.js";

/**
 * Flags of `tinyloop run` (and the server flags other commands share); the model flags
 * are agent-session's `ModelOverrides` (`--model`, `--provider`, `--cassette`…).
 */
export interface RunFlags extends ModelOverrides, OtlpFlags, ModelTimeoutFlags {
  prompt?: string;
  json?: boolean;
  server: string[];
  url: string[];
  maxTurns?: number;
  yes?: boolean;
  /** `--allow-tool NAME` (repeatable, `*` globs): tools that run without approval. */
  allowTool?: string[];
  verbose?: boolean;
  /** `--show-reasoning`: the model's reasoning in full (REPL: from the start; `-p`: on stderr). */
  showReasoning?: boolean;
  /** `--results full|short`: tool results shown whole or as one line (the REPL's `/results` switches it). */
  results?: "full" | "short";
  /** `--timeline`: each answer's run drawn as a waterfall (with `--json`, a `timeline` event). */
  timeline?: boolean;
  /** `--tool-search auto|always|never`. */
  toolSearch?: "auto" | "always" | "never";
  /** `--reasoning low|medium|high|<tokens>`, checked by `prepareRun`. */
  reasoning?: string;
  /** `--end-when text|two-texts`. */
  endWhen?: "text" | "two-texts";
  /** `--lazy`: start servers on first use. */
  lazy?: boolean;
  /** `--max-concurrent-starts N`: servers starting at once (default 2 × CPU cores). */
  maxConcurrentStarts?: number;
  /** Go on when servers are configured but none connected (otherwise exit 1). */
  allowNoServers?: boolean;
  /** `--continue` (`-c`): resume this agent's newest saved conversation. */
  continue?: boolean;
  /** `--resume [ID]` (`-r`): resume that saved conversation; `true` (no id) lists them to pick one. */
  resume?: string | boolean;
  /** `--from CLIENT|all`: the servers of a client's configs instead of an agent file. */
  from?: string;
  /** commander's `--no-color` sets this to false. */
  color: boolean;
}
