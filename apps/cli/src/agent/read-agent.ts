import {
  type AgentFile,
  checkAgentChain,
  checkAgentFile,
  defaultAgent,
} from "@tinyloop/agent-files";
import type { Io } from "../io.js";
import { BUNDLED_COMMANDS } from "../session/bundled-servers.js";
import { askLine } from "../terminal/ask-secret.js";

/**
 * Reads the agent at `target` with @tinyloop/agent-files (or takes its default agent when
 * absent; its servers' bins run from the CLI's dependencies through `withBundledServers`):
 * inputs are asked on a terminal (password inputs hidden), warnings go to stderr.
 * A server's `cwd` that is not a folder is an error for every command, before anything
 * starts (one missing folder must not leave the other servers half started); `check` adds
 * `config check`'s warnings about commands not on `PATH`. `expandModel: false` (commands
 * that start no model) never asks for the model's inputs. The one entry point the commands use.
 */
export async function readAgent(
  target: string | undefined,
  io: Io,
  { check = false, expandModel = true }: { check?: boolean; expandModel?: boolean } = {},
): Promise<AgentFile> {
  if (target === undefined) return defaultAgent({ cwd: io.cwd, pathVariable: io.env.PATH });
  const ask = io.stdin.isTTY
    ? (input: { id: string; description: string; password: boolean }) =>
        askLine(`${input.description || input.id}${input.password ? " (hidden)" : ""}: `, {
          input: io.stdin,
          output: io.stderr,
          hidden: input.password,
        })
    : undefined;
  const agent = await checkAgentFile(target, {
    warnMissingCommands: check,
    cwd: io.cwd,
    env: io.env,
    providedCommands: BUNDLED_COMMANDS,
    onWarning: (warning) => io.stderr.write(`tinyloop: ${warning.text}\n`),
    expandModel,
    ...(ask ? { inputs: ask } : {}),
  });
  // Agents used as servers: each readable, no cycle, not too deep — before anything starts.
  await checkAgentChain(agent, {
    readAgent: (path) =>
      checkAgentFile(path, {
        cwd: io.cwd,
        env: io.env,
        providedCommands: BUNDLED_COMMANDS,
        expandModel: false,
      }),
  });
  return agent;
}
