import {
  type AgentFile,
  type ModelChoice,
  type ProviderPlan,
  TOOL_CALL_FORMAT_CHOICES,
  type ToolCallFormatSetting,
  withAdHocServers,
} from "@tinyloop/agent-files";
// The model-choice entry only: config check loads this file and must not load the SDK.
import { resolveModelChoice, toolCallFormatOf } from "@tinyloop/agent-session/model-choice";
import { giveHuggingFaceToken } from "../agent/hugging-face-token.js";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import type { RunFlags } from "./run-flags.js";

/** The agent with flags applied and the model decided, before anything is started. */
export interface PreparedRun {
  spec: AgentFile;
  choice: ModelChoice;
  plan: ProviderPlan;
  /** `--tool-format`, else the file's `toolCallFormat`, else `auto`. */
  toolCallFormat: ToolCallFormatSetting;
}

/**
 * Reads the agent (asking for inputs on a terminal), adds `--server` / `--url`, applies
 * the model flags over the file's keys (agent-session's `resolveModelChoice`). Starts nothing.
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
  // config check starts no model, so it never asks for the model's key.
  const spec = await readAgent(
    agentArg,
    io,
    check ? { check, expandModel: false } : { yes: flags.yes === true },
  );
  spec.servers = giveHuggingFaceToken(
    withAdHocServers(spec.servers, {
      commands: flags.server ?? [],
      urls: flags.url ?? [],
    }),
    io,
  );
  return {
    spec,
    ...resolveModelChoice(spec, flags, io.env),
    toolCallFormat: toolCallFormatOf(spec, flags),
  };
}
