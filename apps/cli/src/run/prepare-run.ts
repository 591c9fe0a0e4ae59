import {
  type AgentFile,
  type ModelChoice,
  type ProviderPlan,
  readSettingOverrides,
  withAdHocServers,
  withModelFromEnvironment,
  withSandboxChoice,
} from "@tinyloop/agent-files";
// The model-choice entry only: config check loads this file and must not load the SDK.
import { checkProviderName, resolveModelChoice } from "@tinyloop/agent-session/model-choice";
import { giveHuggingFaceToken } from "../agent/hugging-face-token.js";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import type { RunFlags } from "./run-flags.js";

/**
 * The agent with flags applied (its `toolCallFormat` and `reasoning` are `--tool-format` and
 * `--reasoning` when given, checked by agent-files' rules) and the model decided, before
 * anything is started.
 */
export interface PreparedRun {
  spec: AgentFile;
  choice: ModelChoice;
  plan: ProviderPlan;
}

/**
 * Reads the agent (asking for inputs on a terminal), adds `--server` / `--url`, applies
 * `--sandbox` / `--no-sandbox` (agent-files' `withSandboxChoice`), fills the
 * model of an agent that names none from `MODEL_ID`, `PROVIDER`, `ENDPOINT_URL` / `BASE_URL`
 * and `API_KEY` (agent-files' `withModelFromEnvironment`), then applies the model flags over
 * that (agent-session's `resolveModelChoice`): flags, then the file, then the environment.
 * Starts nothing.
 */
export async function prepareRun(
  agentArg: string | undefined,
  flags: Partial<RunFlags>,
  io: Io,
  { check = false }: { check?: boolean } = {},
): Promise<PreparedRun> {
  // Checked before the agent is read: a bad flag asks for nothing and starts nothing.
  const overrides = readSettingOverrides(
    { toolCallFormat: flags.toolFormat, reasoning: flags.reasoning },
    FLAG_HINTS.settingOverrides,
  );
  if ("error" in overrides) throw new CliError({ code: "USAGE", message: overrides.error });
  // config check starts no model, so it never asks for the model's key.
  const read = await readAgent(agentArg, io, {
    from: flags.from,
    sandbox: flags.sandbox,
    ...(check ? { check, expandModel: false } : { yes: flags.yes === true }),
  });
  const fileProvider = read.provider;
  const spec = { ...withModelFromEnvironment(read, io.env), ...overrides.overrides };
  checkProviderName(spec, flags, {
    fromEnvironment: fileProvider === undefined,
    providerSetting: FLAG_HINTS.modelSettings.provider,
  });
  spec.servers = withSandboxChoice(
    giveHuggingFaceToken(
      withAdHocServers(spec.servers, {
        commands: flags.server ?? [],
        urls: flags.url ?? [],
        labels: FLAG_HINTS.adHocServers,
      }),
      io,
    ),
    flags.sandbox,
  );
  return { spec, ...resolveModelChoice(spec, flags, io.env, FLAG_HINTS.modelSettings) };
}
