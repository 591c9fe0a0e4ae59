import {
  type AgentFile,
  type AgentFileWarning,
  checkAgentFile,
  type InputAnswer,
  readAgentFile,
} from "@tinyloop/agent-files";
import { BUNDLED_COMMANDS } from "../session/bundled-servers.js";
import { defaultAgent } from "./default-agent.js";

/**
 * Reads the agent at `target` with @tinyloop/agent-files (or builds the default agent when
 * absent), asking for inputs through `ask` on a terminal. The one entry point the commands use.
 */
export async function readAgent(
  target: string | undefined,
  {
    cwd,
    env,
    ask,
    onWarning,
    expandModel,
    check,
  }: {
    cwd: string;
    env: Record<string, string | undefined>;
    ask?: InputAnswer;
    onWarning?: (warning: AgentFileWarning) => void;
    /** `false` for commands that start no model: its inputs are not asked. */
    expandModel?: boolean;
    /** Also check what can be checked without starting anything (`config check`). */
    check?: boolean;
  },
): Promise<AgentFile> {
  if (target === undefined) return defaultAgent({ cwd, pathVariable: env.PATH });
  return (check ? checkAgentFile : readAgentFile)(target, {
    cwd,
    providedCommands: BUNDLED_COMMANDS,
    env,
    ...(ask ? { inputs: ask } : {}),
    ...(onWarning ? { onWarning } : {}),
    ...(expandModel === false ? { expandModel } : {}),
  });
}
