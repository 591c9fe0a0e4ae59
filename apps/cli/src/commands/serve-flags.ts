import type { AgentFlags } from "../run/run-flags.js";

/**
 * Flags of `tinyloop serve`: those of `run` that apply, for every request's agent, but for
 * `--api-key-env`, the clients' key here (the model's is `--model-api-key-env`).
 */
export interface ServeFlags extends Omit<AgentFlags, "apiKeyEnv"> {
  /** `--port`; absent: `PORT`, else the default (see `servePort`). */
  port?: number;
  host: string;
  /** Variable holding the key clients must send (the server's key, not the model's). */
  apiKeyEnv?: string;
  /** Variable holding the model's API key (`run`'s --api-key-env). */
  modelApiKeyEnv?: string;
  maxConcurrency: number;
  maxBody: number;
  grace: number;
  name?: string;
  /** `--mcp`: also the agent as a Streamable HTTP MCP server at `/mcp`. */
  mcp?: boolean;
  /** `--approve-in-page`: calls that need approval are asked in the chat page, not refused. */
  approveInPage?: boolean;
  /** `--allow-image-urls`: fetch images given as http(s) URLs. */
  allowImageUrls?: boolean;
  allowTool: string[];
}
