import { type AgentServer, agentToolName, curlExample } from "@tinyloop/agent-server";
import type { AgentSession } from "@tinyloop/agent-session";
import type { Style } from "../terminal/style.js";

/**
 * What `serve` prints once it listens: the agent, model, servers and tools, then where the
 * chat page, the API and (with --mcp) /mcp are, the key and a `curl` to try. A key from the
 * environment is never printed: the link leaves it out and the page asks.
 */
export function serveBanner(
  { server, session, url }: { server: AgentServer; session: AgentSession; url: string },
  {
    model,
    modelName,
    apiKeyEnv,
    mcp,
    grace,
    style,
  }: {
    /** The model as `describeProviderPlan` says it. */
    model: string;
    modelName: string;
    apiKeyEnv: string | undefined;
    mcp: boolean;
    grace: number;
    style: Style;
  },
): string {
  const tools = session.registry.list().length;
  const servers = session.hub.servers();
  const ready = servers.filter((s) => s.state === "ready").length;
  // --lazy: a server known from the manifest cache is idle, its tools there; it starts on use.
  const idle = servers.filter((s) => s.state === "idle").length;
  const lazyNote = idle > 0 ? ` (${idle} lazy: starts on first use)` : "";
  const generated = server.apiKeyGenerated;
  const chatPage = generated
    ? style.cyan(server.chatPageUrl ?? url)
    : `${style.cyan(`${url}/`)}${style.dim(`  (the page asks for the key: the value of $${apiKeyEnv})`)}`;
  const key = generated ? { generated: server.apiKey } : { variable: apiKeyEnv ?? "" };
  return (
    `${style.bold("tinyloop serve")} · ${session.file.file ?? "default agent"} · model: ${model} · ${ready + idle}/${servers.length} servers${lazyNote} · ${tools} tools\n` +
    `  chat page  ${chatPage}\n` +
    `  API        ${url}/v1  (model "${modelName}", Authorization: Bearer <key>)\n` +
    (mcp
      ? `  MCP        ${url}/mcp  (Streamable HTTP, tool ${agentToolName(modelName)}, same key)\n`
      : "") +
    `  key        ${generated ? `${server.apiKey}  (generated for this run; --api-key-env NAME sets one)` : `from $${apiKeyEnv} (not printed)`}\n` +
    `  try it     ${curlExample({ url, modelName, key })}\n` +
    style.dim(`Ctrl+C or SIGTERM stops; requests in flight get ${grace} s to finish.\n`)
  );
}
