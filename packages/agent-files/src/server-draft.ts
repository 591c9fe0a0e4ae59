import type { AgentFileServer, AgentFileToolFilter } from "./agent-file.js";
import type { ConfigPath } from "./config-path.js";
import type { ReconnectDraft } from "./server-reconnect.js";

/** Fields of a server whose strings may hold `${…}`, and where each sits in the file. */
export type DraftField = "command" | "args" | "env" | "envFile" | "cwd" | "url" | "headers";

/** A server read from a file, before `${…}` expansion and the final config check. */
export interface ServerDraft {
  name: string;
  path: ConfigPath;
  kind: "stdio" | "http" | "sse" | "auto";
  command?: string;
  args: string[];
  env: Record<string, string>;
  envFile?: string;
  cwd?: string;
  url?: string;
  headers: Record<string, string>;
  /** Where each field sits in the file, in the file's own key names. */
  fieldPaths: Partial<Record<DraftField, ConfigPath>>;
  /**
   * Where single values sit when not under their field's path: opencode's args inside its
   * `command` list, Codex's `bearer_token_env_var` as the `Authorization` header.
   */
  valuePaths?: {
    args?: ConfigPath[];
    env?: Record<string, ConfigPath>;
    headers?: Record<string, ConfigPath>;
  };
  tools?: AgentFileToolFilter;
  enabled: boolean;
  disabledReason?: string;
  autoApprove: string[];
  callMs?: number;
  connectMs?: number;
  /** mcp-transport's `reconnect`, from the file's `reconnect` (delays in seconds there). */
  reconnect?: ReconnectDraft;
  /** mcp-transport's `pingIntervalMs`, from the file's `pingInterval` (seconds). */
  pingIntervalMs?: number;
  lazy?: boolean;
  alwaysLoad?: boolean;
  /** mcp-transport's `oauth` login settings for an HTTP server (checked with the config). */
  oauth?: unknown;
  /** mcp-transport's `sandbox` for a stdio server (checked with the config); where it sits. */
  sandbox?: { value: unknown; path: ConfigPath };
  /** An `agent` entry's agent, as an absolute path. */
  agent?: string;
}

const DRAFT_FIELDS: readonly DraftField[] = [
  "command",
  "args",
  "env",
  "envFile",
  "cwd",
  "url",
  "headers",
];

/**
 * Where each field of a server entry at `path` sits in the file: under its own name
 * (`command`, `args`, `env`, `envFile`, `cwd`, `url`, `headers`) unless `renamed` gives the
 * file's key (`"cmd"`) or the path below the entry (`["requestOptions", "headers"]`).
 */
export function fieldPathsAt(
  path: ConfigPath,
  renamed: Partial<Record<DraftField, string | ConfigPath>> = {},
): ServerDraft["fieldPaths"] {
  const paths: ServerDraft["fieldPaths"] = {};
  for (const field of DRAFT_FIELDS) {
    const key = renamed[field] ?? field;
    paths[field] = [...path, ...(typeof key === "string" ? [key] : key)];
  }
  return paths;
}

/** The parts of a draft that pass unchanged to {@link AgentFileServer}. */
export function serverExtras(
  draft: ServerDraft,
): Pick<
  AgentFileServer,
  "enabled" | "disabledReason" | "tools" | "autoApprove" | "lazy" | "alwaysLoad" | "agent"
> {
  return {
    enabled: draft.enabled,
    ...(draft.disabledReason ? { disabledReason: draft.disabledReason } : {}),
    ...(draft.tools ? { tools: draft.tools } : {}),
    autoApprove: draft.autoApprove,
    ...(draft.lazy !== undefined ? { lazy: draft.lazy } : {}),
    ...(draft.alwaysLoad !== undefined ? { alwaysLoad: draft.alwaysLoad } : {}),
    ...(draft.agent !== undefined ? { agent: draft.agent } : {}),
  };
}
