import type { ModelOverrides } from "@tinyloop/agent-session/model-choice";
import type { ModelTimeoutFlags } from "../model-timeout-options.js";
import type { SandboxFlag } from "../server-options.js";
import type { SessionFlags } from "../session/session-flag-options.js";
import type { OtlpFlags } from "../telemetry/otlp-settings.js";

/**
 * The flags of every command that runs an agent (`run`, `serve`, `mcp serve`, `worker`): the
 * model flags are agent-session's `ModelOverrides` (`--model`, `--provider`, `--cassette`…),
 * the session's `SessionFlags` (`--max-turns`, `--tool-search`, `--end-when`, `--lazy`…).
 */
export interface AgentFlags
  extends ModelOverrides,
    SessionFlags,
    OtlpFlags,
    ModelTimeoutFlags,
    SandboxFlag {
  server: string[];
  url: string[];
  yes?: boolean;
  /** `--allow-tool NAME` (repeatable, `*` globs): tools that run without approval. */
  allowTool?: string[];
  verbose?: boolean;
  /** `--tool-format`: the agent file's `toolCallFormat`, checked by `prepareRun`. */
  toolFormat?: string;
  /** `--reasoning low|medium|high|<tokens>`, checked by `prepareRun`. */
  reasoning?: string;
  /** Go on when servers are configured but none connected (otherwise exit 1). */
  allowNoServers?: boolean;
  /** `--from CLIENT|all`: the servers of a client's configs instead of an agent file. */
  from?: string;
  /** commander's `--no-color` sets this to false. */
  color: boolean;
}

/** Flags of `tinyloop run`. */
export interface RunFlags extends AgentFlags {
  prompt?: string;
  json?: boolean;
  /** `--show-reasoning`: the model's reasoning in full (REPL: from the start; `-p`: on stderr). */
  showReasoning?: boolean;
  /** `--results full|short`: tool results shown whole or as one line (the REPL's `/results` switches it). */
  results?: "full" | "short";
  /** `--timeline`: each answer's run drawn as a waterfall (with `--json`, a `timeline` event). */
  timeline?: boolean;
  /** `--continue` (`-c`): resume this agent's newest saved conversation. */
  continue?: boolean;
  /** `--resume [ID]` (`-r`): resume that saved conversation; `true` (no id) lists them to pick one. */
  resume?: string | boolean;
}
