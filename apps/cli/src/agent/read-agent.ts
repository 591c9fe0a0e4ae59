import {
  type AgentFile,
  checkAgentFile,
  defaultAgent,
  fetchHubAgent,
  type HubAgentSource,
  hubAgentTarget,
} from "@tinyloop/agent-files";
import type { Io } from "../io.js";
import { BUNDLED_COMMANDS } from "../session/bundled-servers.js";
import { askLine } from "../terminal/ask-secret.js";
import { ensureHubAgentTrusted, hubAgentSourceText } from "./hub-trust.js";

/** Options of {@link readAgent}. */
export interface ReadAgentOptions {
  /** `config check`: add its warnings about commands not on `PATH`; a Hub agent needs no trust (nothing starts). */
  check?: boolean;
  /** `false` (commands that start no model) never asks for the model's inputs. */
  expandModel?: boolean;
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
 * `config check`'s warnings about commands not on `PATH`. The one entry point the commands use.
 */
export async function readAgent(
  target: string | undefined,
  io: Io,
  { check = false, expandModel = true, yes }: ReadAgentOptions = {},
): Promise<AgentFile> {
  if (target === undefined) return defaultAgent({ cwd: io.cwd, pathVariable: io.env.PATH });
  const hubId = hubAgentTarget(target, io.cwd);
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
    onWarning: (warning) => io.stderr.write(`tinyloop: ${warning.text}\n`),
    expandModel,
    ...(ask ? { inputs: ask } : {}),
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
