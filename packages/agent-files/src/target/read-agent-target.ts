import { relative } from "node:path";
import { checkAgentChain } from "../agent-chain.js";
import type { AgentFile, AgentFileWarning } from "../agent-file.js";
import { AgentFileError } from "../agent-file-error.js";
import { type CheckAgentFileOptions, checkAgentFile } from "../check-agent-file.js";
import { CLIENT_NAMES, type ConfigPlaces } from "../client-config-locations.js";
import type { ConfigPath } from "../config-path.js";
import { defaultAgent } from "../default-agent.js";
import { type FoundClientConfig, findClientConfigs } from "../find-client-configs.js";
import { fetchHubAgent, type HubAgentSource } from "../hub/hub-agent.js";
import { hubAgentTarget } from "../hub/hub-agent-id.js";
import { withSandboxChoice } from "../sandbox-choice.js";
import { readClientAgents } from "./client-agents.js";

/** Options of {@link readAgentTarget}. */
export interface ReadAgentTargetOptions
  extends Pick<
    CheckAgentFileOptions,
    "env" | "inputs" | "expandModel" | "providedCommands" | "hints" | "warnMissingCommands"
  > {
  /** Where the clients keep their configs: project configs and `from` are looked up here. */
  places: ConfigPlaces;
  /** The servers of a client's configs (a client id, or `all`) instead of a target. */
  from?: string | undefined;
  /** How the caller's user names `from` (a CLI: `--from`) and lists configs, in messages. */
  names: { from: string; listCommand?: string };
  /** A warning of a file read (or of merging a client's configs), as one line of text. */
  onWarning: (text: string) => void;
  /** What was chosen for the user: the project config used, the client files read or skipped. */
  onNote: (text: string) => void;
  /**
   * Told a Hub agent (its source: revision, commit, URL) before it is returned; a program
   * shows it, and asks the user to trust that revision before anything of it runs (throwing
   * to refuse). Required to read a Hub id.
   */
  onHubAgent: (source: HubAgentSource, agent: AgentFile) => Promise<void> | void;
}

/**
 * Resolves what a user names as the agent to run, and reads it checked
 * ({@link checkAgentFile}), with the agents it uses as servers ({@link checkAgentChain}):
 * - a file or folder, read as it is;
 * - an `owner/name[@revision]` with no local file or folder of that name: fetched from the
 *   Hub dataset tiny-agents/tiny-agents ({@link fetchHubAgent}), named by its id and handed
 *   to `onHubAgent` before it is returned, its stdio servers sandboxed with the defaults
 *   whatever the file's own `sandbox` says (`withSandboxChoice(servers, true, { untrustedFile:
 *   true })`; a program turns that off with `false`);
 * - `from`: the servers of that client's configs, merged ({@link readClientAgents});
 * - nothing: a project config in `places.cwd` (`.mcp.json`, `.vscode/mcp.json`, …: the first
 *   found, said as a note), else the built-in default agent.
 * @throws AgentFileError for a file that cannot be used, `INVALID` for a target and `from` both.
 */
export async function readAgentTarget(
  target: string | undefined,
  options: ReadAgentTargetOptions,
): Promise<AgentFile> {
  const { from, places, names } = options;
  const read = (path: string, serversAt?: ConfigPath) => readOne(path, serversAt, options);
  if (from !== undefined) {
    if (target !== undefined) {
      throw new AgentFileError({
        code: "INVALID",
        file: names.from,
        problem: `give an agent or ${names.from}, not both (got the agent "${target}" and ${names.from} ${from})`,
      });
    }
    return readClientAgents(from, {
      places,
      setting: names.from,
      listCommand: names.listCommand,
      read: (found) => read(found.path, found.serversAt),
      onNote: options.onNote,
      onWarning: options.onWarning,
    });
  }
  if (target !== undefined) return read(target);
  const [first, ...others] = findClientConfigs(places).filter((f) => f.scope === "project");
  if (!first) return defaultAgent({ cwd: places.cwd, pathVariable: options.env?.PATH });
  options.onNote(projectConfigNote(first, others, places.cwd));
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

/** One agent file (or Hub agent), read and checked with the agents it uses. */
async function readOne(
  target: string,
  serversAt: ConfigPath | undefined,
  options: ReadAgentTargetOptions,
): Promise<AgentFile> {
  const { places, env, providedCommands, hints } = options;
  const hubId = serversAt ? undefined : hubAgentTarget(target, places.cwd);
  const hub = hubId ? await fetchHubAgent(hubId, { env: env ?? process.env }) : undefined;
  const shared = {
    cwd: places.cwd,
    ...(env ? { env } : {}),
    ...(providedCommands ? { providedCommands } : {}),
    ...(hints ? { hints } : {}),
  };
  const agent = await checkAgentFile(hub?.folder ?? target, {
    ...shared,
    warnMissingCommands: options.warnMissingCommands ?? true,
    onWarning: (warning: AgentFileWarning) => options.onWarning(warning.text),
    ...(options.expandModel === undefined ? {} : { expandModel: options.expandModel }),
    ...(serversAt ? { serversAt } : {}),
    ...(options.inputs ? { inputs: options.inputs } : {}),
  });
  // Agents used as servers: each readable, no cycle, not too deep — before anything starts.
  await checkAgentChain(agent, {
    readAgent: (path) => checkAgentFile(path, { ...shared, expandModel: false }),
  });
  if (!hub) return agent;
  agent.name = hub.id;
  // Files fetched from the Hub are run confined unless the program says otherwise, and
  // nothing in them widens the confinement.
  agent.servers = withSandboxChoice(agent.servers, true, { untrustedFile: true });
  await options.onHubAgent(hub, agent);
  return agent;
}
