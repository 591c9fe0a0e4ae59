import { redactUrl } from "@tinyloop/mcp-transport/config";
import type { AgentFile } from "../agent-file.js";
import { redactArgs } from "../redact-agent.js";
import { serverSandboxPolicy } from "../sandbox-choice.js";
import type { HubAgentSource } from "./hub-agent.js";

/**
 * What a person sees before a Hub agent's servers start, one line each, without a final
 * newline: `owner/name is an agent from the Hugging Face Hub (main = commit …)`, its page, then
 * what each enabled server runs (secrets in arguments and URLs redacted) and whether it runs
 * sandboxed or unconfined, or that it starts none.
 */
export function hubAgentSourceText(source: HubAgentSource, agent: AgentFile): string {
  const revision =
    source.revision === source.commit
      ? `commit ${source.commit}`
      : `${source.revision} = commit ${source.commit}`;
  const lines = [
    `${source.id} is an agent from the Hugging Face Hub (${revision})`,
    `  source: ${source.url}`,
  ];
  const servers = agent.servers.filter((s) => s.enabled);
  if (servers.length === 0) lines.push("  it starts no server");
  for (const server of servers) {
    const config = server.config as { command?: string; args?: string[]; url?: string };
    const what = config.command
      ? `runs ${[config.command, ...redactArgs(config.args ?? [])].join(" ")}`
      : `connects to ${redactUrl(config.url ?? "")}`;
    const sandbox = serverSandboxPolicy(server);
    const confined = sandbox ? ", sandboxed" : sandbox === false ? ", unconfined" : "";
    lines.push(`  server ${server.name}: ${what}${confined}`);
  }
  return lines.join("\n");
}
