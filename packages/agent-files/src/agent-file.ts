import type { ReasoningSetting } from "@tinyloop/inference-adapters/presets";
import type { ServerConfig } from "@tinyloop/mcp-transport";
import type { ConfigPath } from "./config-path.js";
import type { ToolCallFormatSetting } from "./tool-call-format-setting.js";

/** The file formats an agent can come from (`default`: built by a program, not read). */
export type AgentFormat =
  | "tiny-agents"
  | "mcp-servers"
  | "vscode"
  | "hermes"
  | "codex"
  | "gemini"
  | "opencode"
  | "zed"
  | "goose"
  | "continue"
  | "default";

/**
 * When an answer without tool calls ends a run (agent-loop's `endWhen`): `text` at the
 * first one, `two-texts` (Tiny Agents' rule) only after two in a row.
 */
export type EndWhen = "text" | "two-texts";

/**
 * Tool names (globs allowed) a server's tools are filtered by, by their names on the server:
 * mcp-registration's `ToolFilter`, under its own name (`exclude` wins over `include`, in every format, Hermes'
 * included).
 */
export interface AgentFileToolFilter {
  include?: string[];
  exclude?: string[];
}

/**
 * An input the file declares, used as `${input:ID}` (not agent-loop's `AgentInput`, which is
 * what `agent.run` takes).
 */
export interface AgentFileInput {
  id: string;
  description: string;
  /** Asked without echo (VS Code `password: true`). */
  password: boolean;
  /** May stay empty: its description says "optional", or it has a `default`. */
  optional: boolean;
  /** Used when nothing answers. */
  default?: string;
}

/**
 * One MCP server of an agent, normalised, with every `${…}` expanded (not agent-server's
 * `AgentServer`, the HTTP server).
 */
export interface AgentFileServer {
  /** Unique within the agent; tools are prefixed with it. */
  name: string;
  /** Where the entry sits in its file, in the file's own key names (`["mcpServers", "github"]`). */
  path: ConfigPath;
  /**
   * What @tinyloop/mcp-transport connects: stdio `command`/`args`/`env`/`cwd`, or `url`/`headers`
   * (`type` omitted = Streamable HTTP with SSE fallback), `timeouts` from `timeout` /
   * `connect_timeout`, `reconnect` from `reconnect` and `pingIntervalMs` from `pingInterval`
   * (seconds in the file), and `enabled: false` when not to be started.
   */
  config: ServerConfig;
  /** False for `disabled: true`, `enabled: false`, or a server that needs OAuth. */
  enabled: boolean;
  /** Why the server is not started, when `enabled` is false. */
  disabledReason?: string;
  /** Tool filter (`tools.include` / `tools.exclude`, Roo `disabledTools`). */
  tools?: AgentFileToolFilter;
  /** The server's own tool names run without asking (Cline `autoApprove` / `alwaysAllow`). */
  autoApprove: string[];
  /**
   * For an `{ "agent": "../researcher" }` entry: the absolute path of that agent, which the
   * server runs as `tinyloop mcp serve <path>` (see `checkAgentChain`).
   */
  agent?: string;
  /** Used by tool search: the server's tools are found by search rather than listed up front. */
  lazy?: boolean;
  /** Used by tool search: the server's tools are always listed, even when others are deferred. */
  alwaysLoad?: boolean;
}

/** A tolerated problem: the file is still used. */
export interface AgentFileWarning {
  file: string;
  /** The key path in the file's own names, when the warning is about one key. */
  path?: string;
  line?: number;
  column?: number;
  message: string;
  /** `FILE:LINE:COL: message`, ready to print. */
  text: string;
}

/** An agent, whatever file it came from. */
export interface AgentFile {
  format: AgentFormat;
  /** Absolute path of the file read (the `agent.json` of a folder); absent for a built agent. */
  file?: string;
  /** The file's `name`, else the folder or file name. */
  name: string;
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKey?: string;
  systemPrompt?: string;
  /** The file the system prompt was read from (`AGENTS.md`, `PROMPT.md`). */
  promptFile?: string;
  maxTurns?: number;
  toolConcurrency?: number;
  /**
   * When a tool call needs the user's yes: `ask` unless read-only, `always`, or `never`
   * (agent-loop's `ApprovalMode`, which this package cannot import).
   */
  approval?: "ask" | "always" | "never";
  /**
   * When a run ends: the file's `endWhen` (Hermes: `end_when`), else `two-texts` for a
   * tiny-agents `agent.json` (written for that loop) and `text` for every other file.
   * Unset for a built agent (`defaultAgent`): the loop's default then.
   */
  endWhen?: EndWhen;
  /** How the model's tool calls travel: `auto`, `native`, or a text format (see `TOOL_CALL_FORMAT_CHOICES`). */
  toolCallFormat?: ToolCallFormatSetting;
  /**
   * How hard a reasoning model thinks: `{ effort: "low" | "medium" | "high" }` or
   * `{ budgetTokens }` (the file's `reasoning` key, every format); inference-adapters maps it
   * per provider. Unset: the model's own default.
   */
  reasoning?: ReasoningSetting;
  servers: AgentFileServer[];
  inputs: AgentFileInput[];
  warnings: AgentFileWarning[];
}
