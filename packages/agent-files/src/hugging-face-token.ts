import type { AgentFileServer } from "./agent-file.js";

/** Hosts that get `HF_TOKEN`: the Hub itself and Spaces (`*.hf.space`), as `@huggingface/mcp-client` does. */
export function isHuggingFaceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "huggingface.co" || host.endsWith(".hf.space");
}

/**
 * Gives `HF_TOKEN` as `Authorization: Bearer` to the HTTP servers on `huggingface.co` and
 * `*.hf.space` whose entry sets no `Authorization` header (the Hugging Face MCP server needs
 * it; without it a login starts). Never to another host. Returns the servers (new objects
 * where a header was added) and the names of those given the token, for the program to say so.
 */
export function withHuggingFaceToken(
  servers: readonly AgentFileServer[],
  env: Record<string, string | undefined>,
): { servers: AgentFileServer[]; given: string[] } {
  const token = env.HF_TOKEN;
  const given: string[] = [];
  const result = servers.map((server) => {
    const config = server.config as { url?: string; headers?: Record<string, string> };
    if (!token || typeof config.url !== "string") return server;
    let host: string;
    try {
      host = new URL(config.url).hostname;
    } catch {
      return server;
    }
    const headers = config.headers ?? {};
    const hasAuthorization = Object.keys(headers).some((k) => k.toLowerCase() === "authorization");
    if (!isHuggingFaceHost(host) || hasAuthorization) return server;
    given.push(server.name);
    return {
      ...server,
      config: { ...server.config, headers: { ...headers, Authorization: `Bearer ${token}` } },
    } as AgentFileServer;
  });
  return { servers: result, given };
}
