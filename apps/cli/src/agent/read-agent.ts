import { relative } from "node:path";
import {
  type AgentFile,
  CLIENT_NAMES,
  type ConfigPath,
  checkAgentChain,
  checkAgentFile,
  defaultAgent,
  type FoundClientConfig,
  fetchHubAgent,
  findClientConfigs,
  type HubAgentSource,
  hubAgentTarget,
} from "@tinyloop/agent-files";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { BUNDLED_COMMANDS } from "../session/bundled-servers.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { askLine } from "../terminal/ask-secret.js";
import { configPlaces } from "./config-places.js";
import { ensureHubAgentTrusted, hubAgentSourceText } from "./hub-trust.js";
import { readFromClients } from "./read-from-clients.js";

/** Options of {@link readAgent}. */
export interface ReadAgentOptions {
  /** `config check`: add its warnings about commands not on `PATH`; a Hub agent needs no trust (nothing starts). */
  check?: boolean;
  /** `false` (commands that start no model) never asks for the model's inputs. */
  expandModel?: boolean;
  /** `--from CLIENT|all`: the servers of that client's configs. */
  from?: string | undefined;
  /** `--yes`: trust a Hub agent's revision without asking; `undefined` for commands without the flag. */
  yes?: boolean | undefined;
}

/**
 * Reads the agent at `target` with @tinyloop/agent-files (or takes its default agent when
 * absent; its servers' bins run from the CLI's dependencies through `withBundledServers`):
 * inputs are asked on a terminal (password inputs hidden), warnings go to stderr.
 * An `owner/name[@revision]` with no local file or folder of that name is fetched from the
 * Hub dataset tiny-agents/tiny-agents, shown with its source, and must be trusted before
 * anything of it starts (see `ensureHubAgentTrusted`).
 * A server's `cwd` that is not a folder is an error for every command, before anything
 * starts (one missing folder must not leave the other servers half started); `check` adds
 * `config check`'s warnings about commands not on `PATH`. `expandModel: false` (commands
 * that start no model) never asks for the model's inputs. With `from`, the servers of that
 * client's configs (`readFromClients`). Without a target, a project config in the current
 * folder (`.mcp.json`, `.vscode/mcp.json`, …: agent-files' project places, first found) is
 * read, and stderr says which; only a folder without one gets the default agent. The one
 * entry point the commands use. An `owner/name[@revision]` with no local file or folder of that
 * name is fetched from the Hub dataset tiny-agents/tiny-agents, shown with its source, and must
 * be trusted before anything of it starts (see `ensureHubAgentTrusted`).
 */
export async function readAgent(
  target: string | undefined,
  io: Io,
  { check = false, expandModel = true, from, yes }: ReadAgentOptions = {},
): Promise<AgentFile> {
  const read = (path: string, serversAt?: ConfigPath) =>
    readAgentAt(path, io, { check, expandModel, serversAt, yes });
  if (from !== undefined) {
    if (target !== undefined) {
      throw new CliError({
        code: "USAGE",
        message: `give an agent or --from, not both (got the agent "${target}" and --from ${from})`,
      });
    }
    return readFromClients(from, io, (found) => read(found.path, found.serversAt));
  }
  if (target !== undefined) return read(target);
  const project = findClientConfigs(configPlaces(io)).filter((f) => f.scope === "project");
  const [first, ...others] = project;
  if (!first) return defaultAgent({ cwd: io.cwd, pathVariable: io.env.PATH });
  io.stderr.write(`tinyloop: ${projectConfigNote(first, others, io.cwd)}\n`);
  return read(first.path);
}

/** `no agent given: using .mcp.json in this folder (Claude Code's project config); …`. */
function projectConfigNote(
  used: FoundClientConfig,
  others: FoundClientConfig[],
  cwd: string,
): string {
  const also = others.length
    ? `; also here: ${others.map((o) => relative(cwd, o.path)).join(", ")} (pass one as the agent to use it)`
    : "";
  return `no agent given: using ${relative(cwd, used.path)} in this folder (${CLIENT_NAMES[used.client]}'s project config)${also}`;
}

/** One agent file, read as every command reads it. */
async function readAgentAt(
  target: string,
  io: Io,
  {
    check,
    expandModel,
    serversAt,
    yes,
  }: {
    check: boolean;
    expandModel: boolean;
    serversAt?: ConfigPath | undefined;
    yes: boolean | undefined;
  },
): Promise<AgentFile> {
  const hubId = serversAt ? undefined : hubAgentTarget(target, io.cwd);
  const hub: HubAgentSource | undefined = hubId
    ? await fetchHubAgent(hubId, { env: io.env })
    : undefined;
  const ask = io.stdin.isTTY
    ? (input: { id: string; description: string; password: boolean }) =>
        askLine(`${input.description || input.id}${input.password ? " (hidden)" : ""}: `, {
          input: io.stdin,
          output: io.stderr,
          hidden: input.password,
        })
    : undefined;
  const agent = await checkAgentFile(hub?.folder ?? target, {
    warnMissingCommands: check,
    cwd: io.cwd,
    env: io.env,
    providedCommands: BUNDLED_COMMANDS,
    hints: { loginAhead: FLAG_HINTS.loginAhead },
    onWarning: (warning) => io.stderr.write(`tinyloop: ${warning.text}\n`),
    expandModel,
    ...(serversAt ? { serversAt } : {}),
    ...(ask ? { inputs: ask } : {}),
  });
  // Agents used as servers: each readable, no cycle, not too deep — before anything starts.
  await checkAgentChain(agent, {
    readAgent: (path) =>
      checkAgentFile(path, {
        cwd: io.cwd,
        env: io.env,
        providedCommands: BUNDLED_COMMANDS,
        hints: { loginAhead: FLAG_HINTS.loginAhead },
        expandModel: false,
      }),
  });
  if (!hub) return agent;
  agent.name = hub.id;
  if (check) io.stderr.write(hubAgentSourceText(hub, agent));
  else
    await ensureHubAgentTrusted(hub, agent, io, {
      yes: yes === true,
      trustHint:
        yes === undefined
          ? `Trust it once with \`tinyloop run ${target} --yes\`, or run this on a terminal to be asked`
          : "Run it again with --yes to trust it, or on a terminal to be asked",
    });
  return agent;
}
