/**
 * How the CLI's flags allow what the libraries refuse when nobody can answer: the hints
 * the CLI hands agent-session and agent-server, so their messages name the CLI's flags
 * while the libraries themselves name none.
 */
export const FLAG_HINTS = {
  /** A tool call that needs approval (agent-session's `askingOptions`). */
  allowTools: `run with --yes, or set "approval": "never" in the agent file`,
  /** A server's sampling request (agent-session's `askingOptions`). */
  allowSampling: "run tinyloop with --yes to allow it",
  /** The flags that choose the model, named when one is missing (agent-session's `createModel`). */
  modelSettings: { model: "--model", provider: "--provider", endpointUrl: "--endpoint-url" },
} as const;
