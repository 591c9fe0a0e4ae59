import {
  type ApprovalMode,
  type ApproveToolCall,
  needsApproval,
  toolNameMatcher,
} from "@tinyloop/agent-loop";

type ToolCall = Parameters<ApproveToolCall>[0];
type ToolDefinition = Parameters<ApproveToolCall>[1];

/**
 * The lines that show what a call would change (a file write's diff against the file now,
 * header first), or undefined when it cannot be said. The caller knows which tools write
 * what: agent-session's `fileChangeLines` does it for the MCP filesystem server.
 */
export type ChangeLines = (call: ToolCall, definition: ToolDefinition) => string[] | undefined;

export type { ApprovalMode };

/** How the server answers tool calls that need approval (nobody is there to ask). */
export interface ServeApproval {
  /** `ask` (default): tools without `readOnlyHint: true` need approval; `always`: every tool; `never`: none. */
  mode?: ApprovalMode;
  /** Registered tool names allowed anyway; `*` matches any characters (`mcp_files_*`, `*`). */
  allow?: readonly string[];
  /** Appended to the refusal the model reads: how the operator can allow the tool (given its name). */
  hint?: string | ((toolName: string) => string);
  /**
   * Ask a person in the chat page instead of refusing: a streaming request's call that needs
   * approval waits for `POST /tinyloop/v1/approvals/{id}` (see `PageApprovals`). Requests that
   * do not stream are still refused. Default `false`.
   */
  inPage?: boolean;
  /**
   * What a call asked about in the chat page would change, sent with the question (`diff`) and
   * shown as text under its arguments. A throw is taken as "cannot say": the question is
   * asked without it. Default: none.
   */
  changeLines?: ChangeLines;
}

const DEFAULT_HINT = "the server's operator can allow it (approval allow-list)";

/** Decides, per tool, whether a call may run without a person. */
export class ApprovalPolicy {
  readonly mode: ApprovalMode;
  /** Calls that need approval are asked in the chat page (streaming requests). */
  readonly inPage: boolean;
  /** What a call asked about in the page would change (see {@link ServeApproval.changeLines}). */
  readonly changeLines: ChangeLines | undefined;
  readonly #allowed: (name: string) => boolean;
  readonly #hint: (toolName: string) => string;
  readonly #runsAs: string;

  /** `runsAs` names what the agent runs as, for the refusal the model reads. */
  constructor(
    {
      mode = "ask",
      allow = [],
      hint = DEFAULT_HINT,
      inPage = false,
      changeLines,
    }: ServeApproval = {},
    { runsAs = "an unattended HTTP server" }: { runsAs?: string } = {},
  ) {
    this.mode = mode;
    this.inPage = inPage;
    this.changeLines = changeLines;
    this.#runsAs = runsAs;
    this.#allowed = toolNameMatcher(allow);
    this.#hint = typeof hint === "function" ? hint : () => hint;
  }

  /** True when calls of this tool would ask a person (before the allow-list). */
  needsApproval(definition: Pick<ToolDefinition, "annotations">): boolean {
    return needsApproval(this.mode, definition);
  }

  /** True when the allow-list names this tool. */
  allowed(name: string): boolean {
    return this.#allowed(name);
  }

  /** True when calls of this tool run. */
  permits(definition: Pick<ToolDefinition, "name" | "annotations">): boolean {
    return !this.needsApproval(definition) || this.allowed(definition.name);
  }

  /**
   * The agent's approve hook: refuses what needs approval and is not allowed, telling the
   * model why (it reads "denied by the user: <reason>") so it can answer without the tool.
   */
  hook(): ApproveToolCall | undefined {
    if (this.mode === "never") return undefined;
    return (call, definition) =>
      this.permits(definition)
        ? true
        : {
            approved: false,
            reason: `${call.name} needs approval, and this agent runs as ${this.#runsAs} where nobody can approve it, so the call was refused; ${this.#hint(call.name)}. Do not call it again in this conversation; answer without it or tell the user what is missing.`,
          };
  }
}
