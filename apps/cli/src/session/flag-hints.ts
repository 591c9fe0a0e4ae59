/**
 * The CLI's flags and commands as the libraries' messages name them: the hints the CLI
 * hands agent-session, agent-server and (through agent-session) inference-adapters, so
 * what users see names the CLI's flags while the libraries themselves name none.
 */
export const FLAG_HINTS = {
  /** A tool call that needs approval (agent-session's `askingOptions`). */
  allowTools: `run with --yes, or set "approval": "never" in the agent file`,
  /** A server's sampling request (agent-session's `askingOptions`). */
  allowSampling: "run tinyloop with --yes to allow it",
  /** Going on when no server connected (agent-session's `refuseNoServers`). */
  allowNoServers: "run with --allow-no-servers",
  /** The flags that override the agent file's settings (agent-files' `readSettingOverrides`). */
  settingOverrides: { toolCallFormat: "--tool-format", reasoning: "--reasoning" },
  /** The flags that choose the model, named when one is missing (agent-session's `createModel`). */
  modelSettings: { model: "--model", provider: "--provider", endpointUrl: "--endpoint-url" },
  /** The flags that add servers beside the agent file's (agent-files' `withAdHocServers`). */
  adHocServers: { command: "--server", url: "--url" },
  /** Logging in to an OAuth server before it asks (agent-files' `hints.loginAhead`). */
  loginAhead: "`tinyloop mcp login NAME` logs in ahead",
  /** The command that lists an agent's tools (agent-session's `toolLoadWarning`). */
  listTools: "tinyloop mcp tools",
  /** What `tinyloop serve` refuses, fixed with its flags (agent-server's `ServerHints`). */
  serve: {
    giveApiKey:
      "tinyloop serve: export TINYLOOP_SERVE_KEY=<a long random key> and add --api-key-env TINYLOOP_SERVE_KEY",
    findApiKey:
      "tinyloop serve prints it at start, or reads it from the variable named by --api-key-env",
    fixApiKey:
      "Use the key tinyloop serve printed at start (or the one in its --api-key-env variable).",
    toolSearchNever: "tinyloop serve: --tool-search never",
    port: "--port",
  },
  /** The flags of `tinyloop serve`'s two keys (agent-server's `apiKeyFromEnv` hints). */
  serveApiKey: { setting: "--api-key-env", modelKeySetting: "--model-api-key-env" },
} as const;
