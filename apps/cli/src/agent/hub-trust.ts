import { join } from "node:path";
import {
  type AgentFile,
  type HubAgentSource,
  hubTrustStore,
  redactArgs,
  serverSandboxPolicy,
} from "@tinyloop/agent-files";
import { redactUrl } from "@tinyloop/mcp-transport/config";
import { CliError } from "../cli-error.js";
import { tinyloopConfigDir } from "../config-dir.js";
import type { Io } from "../io.js";
import { askLine } from "../terminal/ask-secret.js";

/** The file listing the Hub agent revisions the user trusted (`0600`, beside the OAuth tokens). */
export function trustedHubAgentsFile(env: Record<string, string | undefined>): string {
  return join(tinyloopConfigDir(env), "trusted-hub-agents.json");
}

/** What the user sees before a Hub agent's servers start: where it comes from and what it runs. */
export function hubAgentSourceText(source: HubAgentSource, agent: AgentFile): string {
  const revision =
    source.revision === source.commit
      ? `commit ${source.commit}`
      : `${source.revision} = commit ${source.commit}`;
  const lines = [
    `tinyloop: ${source.id} is an agent from the Hugging Face Hub (${revision})`,
    `  source: ${source.url}`,
  ];
  const servers = agent.servers.filter((s) => s.enabled);
  if (servers.length === 0) lines.push("  it starts no server");
  for (const server of servers) {
    const config = server.config as { command?: string; args?: string[]; url?: string };
    const what = config.command
      ? `runs ${[config.command, ...redactArgs(config.args ?? [])].join(" ")}`
      : `connects to ${redactUrl(config.url ?? "")}`;
    // Whether it runs confined (its policy: `config check` and `mcp tools` show it).
    const sandbox = serverSandboxPolicy(server);
    const confined = sandbox ? ", sandboxed" : sandbox === false ? ", unconfined" : "";
    lines.push(`  server ${server.name}: ${what}${confined}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Shows a Hub agent's source and servers, then makes sure the user trusts this revision
 * before anything of it runs: trusted before (remembered per commit), `yes`, or a `y` typed
 * at the prompt on a terminal (both remembered). Otherwise throws a `CliError` saying how to trust it.
 */
export async function ensureHubAgentTrusted(
  source: HubAgentSource,
  agent: AgentFile,
  io: Io,
  { yes, trustHint }: { yes: boolean; trustHint: string },
): Promise<void> {
  io.stderr.write(hubAgentSourceText(source, agent));
  const store = hubTrustStore(trustedHubAgentsFile(io.env));
  if (store.isTrusted(source)) return;
  if (!yes) {
    const answer = io.stdin.isTTY
      ? await askLine("Trust this agent and start its servers? [y/N] ", {
          input: io.stdin,
          output: io.stderr,
        })
      : undefined;
    if (!/^y(es)?$/i.test(answer?.trim() ?? "")) {
      throw new CliError({
        code: "USAGE",
        message: `${source.id}: not started: this revision of a Hub agent is not trusted yet (its servers run commands on this machine). ${trustHint}; the trust is remembered per revision in ${store.file}`,
      });
    }
  }
  store.trust(source);
}
