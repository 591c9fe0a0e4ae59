/** How the CLI starts or reaches one MCP server, before it is handed to mcp-transport. */
export type ServerTransport =
  | {
      type: "stdio";
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
    }
  | { type: "http" | "sse" | "auto"; url: string; headers: Record<string, string> };

/** One server of an agent, under the unique name its tools are prefixed with. */
export interface AgentServer {
  name: string;
  /** Where the entry sits in its file (`["servers", 0]`), for error messages. */
  origin: Array<string | number>;
  transport: ServerTransport;
  /** Tool names (globs) to keep; everything when absent. */
  include?: string[];
  /** Tool names (globs) to drop. */
  exclude?: string[];
  /** Per-call timeout in milliseconds (Hermes `timeout`, given in seconds). */
  callTimeoutMs?: number;
  /** Connection timeout in milliseconds (Hermes `connect_timeout`, given in seconds). */
  connectTimeoutMs?: number;
}

/** An input the user is asked for, used as `${input:ID}` in the file. */
export interface AgentInput {
  id: string;
  description: string;
  password: boolean;
}

/** When a tool call needs the user's yes: `ask` unless read-only, `always`, or `never`. */
export type ApprovalMode = "ask" | "always" | "never";

/** The file formats an agent can come from. */
export type AgentFormat = "tiny-agents" | "mcp-servers" | "hermes" | "default";

/**
 * One agent, whatever file it came from. Strings may still hold `${VAR}` and
 * `${input:ID}` until {@link resolveAgentVariables} has run.
 */
export interface AgentSpec {
  format: AgentFormat;
  /** The file the agent was read from (absent for the default agent). */
  path?: string;
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKey?: string;
  systemPrompt?: string;
  /** File the system prompt was read from. */
  promptPath?: string;
  inputs: AgentInput[];
  servers: AgentServer[];
  maxTurns?: number;
  toolConcurrency?: number;
  approval?: ApprovalMode;
}
