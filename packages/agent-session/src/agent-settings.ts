import type { AgentFile } from "@tinyloop/agent-files";
import type { ApprovalMode, EndWhen, ToolSearchMode } from "@tinyloop/agent-loop";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { ToolRegistry } from "@tinyloop/registry";
import { autoApprovedTools } from "./auto-approve.js";

/**
 * An agent's settings as plain data: what its loop runs with, in the shape agent-server's
 * `createAgentServer` takes (`systemPrompt`, `maxTurns`, `toolConcurrency`, `approval`), so
 * a program serves an agent file by spreading them in. Unset values stay unset (defaults).
 */
export interface AgentSettings {
  systemPrompt?: string;
  maxTurns?: number;
  toolConcurrency?: number;
  /** When tools are kept back behind `tool_search`; set only when the session was given one. */
  toolSearch?: ToolSearchMode;
  /** When a run ends: the session's `endWhen`, else the file's. */
  endWhen?: EndWhen;
  /**
   * The file's approval mode (`ask` when it names none), and the registered names of the
   * tools its servers' entries list in `autoApprove` / `alwaysAllow`.
   */
  approval: { mode: ApprovalMode; allow: string[] };
}

/**
 * The {@link AgentSettings} of `file` once its servers are connected into `registry` through
 * `hub`; `maxTurns` and `endWhen` beat the file's. `toolSearch` is passed through as the
 * session got it.
 */
export function agentSettings(
  file: AgentFile,
  {
    registry,
    hub,
    maxTurns,
    toolSearch,
    endWhen,
  }: {
    registry: ToolRegistry;
    hub: McpHub;
    maxTurns?: number;
    toolSearch?: ToolSearchMode;
    endWhen?: EndWhen;
  },
): AgentSettings {
  // agent-files spells the values itself (it may not import agent-loop): this assignment
  // stops compiling if its type ever holds a value the loop does not know.
  const fileEndWhen: EndWhen | undefined = file.endWhen;
  const chosenEndWhen = endWhen ?? fileEndWhen;
  const names = registry.list().map((tool) => tool.name);
  return {
    systemPrompt: file.systemPrompt,
    maxTurns: maxTurns ?? file.maxTurns,
    toolConcurrency: file.toolConcurrency,
    ...(toolSearch ? { toolSearch } : {}),
    ...(chosenEndWhen ? { endWhen: chosenEndWhen } : {}),
    approval: {
      mode: file.approval ?? "ask",
      allow: autoApprovedTools(file.servers, names, (name) => hub.resolveTool(name)),
    },
  };
}
