/** Flags of `tinyloop run` (and the server flags other commands share). */
export interface RunFlags {
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKeyEnv?: string;
  prompt?: string;
  json?: boolean;
  server: string[];
  url: string[];
  maxTurns?: number;
  yes?: boolean;
  cassette?: string;
  record?: string;
  verbose?: boolean;
  /** Go on when servers are configured but none connected (otherwise exit 1). */
  allowNoServers?: boolean;
  /** commander's `--no-color` sets this to false. */
  color: boolean;
}
