import {
  type AgentFile,
  hubAgentSourceText,
  readAgentTarget,
  withSandboxChoice,
} from "@tinyloop/agent-files";
import type { Io } from "../io.js";
import { BUNDLED_COMMANDS } from "../session/bundled-servers.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { askLine } from "../terminal/ask-secret.js";
import { configPlaces } from "./config-places.js";
import { ensureHubAgentTrusted } from "./hub-trust.js";

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
  /** `--sandbox` / `--no-sandbox`, for what a Hub agent's servers are shown to run as. */
  sandbox?: boolean | undefined;
}

/**
 * The agent every command reads: agent-files' `readAgentTarget` (a file or folder, a Hub id,
 * `--from`'s client configs, a project config in this folder, else the default agent, whose
 * servers' bins run from the CLI's dependencies), with the terminal's part: inputs asked on a
 * terminal (password inputs hidden), warnings and notes on stderr, and a Hub agent shown with
 * its source and trusted before anything of it starts (`ensureHubAgentTrusted`; `config check`
 * only shows it). `check` adds `config check`'s warnings about commands not on `PATH`.
 */
export async function readAgent(
  target: string | undefined,
  io: Io,
  { check = false, expandModel = true, from, yes, sandbox }: ReadAgentOptions = {},
): Promise<AgentFile> {
  // stdin is looked at only when an input needs asking: making it costs start-up (net or streams).
  const ask = (input: { id: string; description: string; password: boolean }) =>
    io.stdin.isTTY
      ? askLine(`${input.description || input.id}${input.password ? " (hidden)" : ""}: `, {
          input: io.stdin,
          output: io.stderr,
          hidden: input.password,
        })
      : undefined;
  const say = (text: string) => io.stderr.write(`tinyloop: ${text}\n`);
  return readAgentTarget(target, {
    places: configPlaces(io),
    env: io.env,
    from,
    names: { from: "--from", listCommand: "tinyloop config list" },
    warnMissingCommands: check,
    expandModel,
    providedCommands: BUNDLED_COMMANDS,
    hints: { loginAhead: FLAG_HINTS.loginAhead },
    inputs: ask,
    onWarning: say,
    onNote: say,
    onHubAgent: async (source, read) => {
      // Shown as it will run: the flag's choice applied (the caller applies it again after).
      const agent = { ...read, servers: withSandboxChoice(read.servers, sandbox) };
      if (check) io.stderr.write(`tinyloop: ${hubAgentSourceText(source, agent)}\n`);
      else
        await ensureHubAgentTrusted(source, agent, io, {
          yes: yes === true,
          trustHint:
            yes === undefined
              ? `Trust it once with \`tinyloop run ${target} --yes\`, or run this on a terminal to be asked`
              : "Run it again with --yes to trust it, or on a terminal to be asked",
        });
    },
  });
}
