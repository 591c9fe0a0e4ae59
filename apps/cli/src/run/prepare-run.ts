import {
  type AgentFile,
  type ModelChoice,
  type ProviderPlan,
  TOOL_CALL_FORMAT_CHOICES,
  type ToolCallFormatSetting,
  withAdHocServers,
  withModelFromEnvironment,
} from "@tinyloop/agent-files";
// The model-choice entry only: config check loads this file and must not load the SDK.
import {
  reasoningOf,
  resolveModelChoice,
  toolCallFormatOf,
} from "@tinyloop/agent-session/model-choice";
// The presets entry: the reasoning reader without any adapter.
import { type ReasoningSetting, readReasoningText } from "@tinyloop/inference-adapters/presets";
import { giveHuggingFaceToken } from "../agent/hugging-face-token.js";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { checkProviderName } from "./provider-name-check.js";
import type { RunFlags } from "./run-flags.js";

/** The agent with flags applied and the model decided, before anything is started. */
export interface PreparedRun {
  spec: AgentFile;
  choice: ModelChoice;
  plan: ProviderPlan;
  /** `--tool-format`, else the file's `toolCallFormat`, else `auto`. */
  toolCallFormat: ToolCallFormatSetting;
  /** `--reasoning`, else the file's `reasoning`, else none (the model's default). */
  reasoning: ReasoningSetting | undefined;
}

/**
 * Reads the agent (asking for inputs on a terminal), adds `--server` / `--url`, fills the
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
  const toolFormat = flags.toolFormat as unknown;
  if (
    toolFormat !== undefined &&
    !(TOOL_CALL_FORMAT_CHOICES as readonly unknown[]).includes(toolFormat)
  ) {
    throw new CliError({
      code: "USAGE",
      message: `--tool-format: expected one of ${TOOL_CALL_FORMAT_CHOICES.join(", ")}, got ${JSON.stringify(toolFormat)} (example: --tool-format hermes)`,
    });
  }
  let reasoningFlag: ReasoningSetting | undefined;
  if (flags.reasoning !== undefined) {
    const read = readReasoningText(String(flags.reasoning));
    if ("error" in read) {
      throw new CliError({
        code: "USAGE",
        message: `--reasoning: ${read.error.replace("(example: medium, or 4096)", "(example: --reasoning medium, or --reasoning 4096)")}`,
      });
    }
    reasoningFlag = read.setting;
  }
  // config check starts no model, so it never asks for the model's key.
  const read = await readAgent(agentArg, io, {
    from: flags.from,
    ...(check ? { check, expandModel: false } : { yes: flags.yes === true }),
  });
  const fileProvider = read.provider;
  const spec = withModelFromEnvironment(read, io.env);
  checkProviderName(spec, flags, fileProvider === undefined);
  spec.servers = giveHuggingFaceToken(
    withAdHocServers(spec.servers, {
      commands: flags.server ?? [],
      urls: flags.url ?? [],
      labels: FLAG_HINTS.adHocServers,
    }),
    io,
  );
  return {
    spec,
    ...resolveModelChoice(spec, flags, io.env, FLAG_HINTS.modelSettings),
    toolCallFormat: toolCallFormatOf(spec, flags),
    reasoning: reasoningOf(spec, reasoningFlag),
  };
}
