import { dirname, resolve } from "node:path";
import {
  type AgentFile,
  chooseProvider,
  type ModelChoice,
  type ProviderPlan,
} from "@tinyloop/agent-files";
import { unknownProviderProblem } from "@tinyloop/agent-files/providers";
import { expectedGot } from "@tinyloop/errors";
import { AgentSessionError } from "./agent-session-error.js";
import { checkHostedModelKey } from "./hosted-model-key.js";

/** What a program lets its user choose over the agent file's model keys (e.g. from flags). */
export interface ModelOverrides {
  provider?: string;
  model?: string;
  endpointUrl?: string;
  /** Variable holding the API key; given, it beats the file's `apiKey`. */
  apiKeyEnv?: string;
  /** `replay`: the cassette to replay. */
  cassette?: string;
  /** Record the model's answers to this cassette file. */
  record?: string;
}

/**
 * The model an agent runs with: `overrides` over the file's `provider`, `model`,
 * `endpointUrl` and `apiKey`, then agent-files' `chooseProvider`. A cassette or a local
 * `.gguf` named in the file is relative to the file (an `hf:` URI is not a path); an
 * override stays relative to the current folder. Starts nothing. A hosted model id without
 * its key is refused here (`checkHostedModelKey`; `settingNames.provider` is how the caller's
 * users choose a provider, e.g. a flag).
 * @throws AgentSessionError `KEY_REQUIRED`.
 *
 * @example
 * const { plan, choice } = resolveModelChoice(agent, { model: "gpt-4o-mini" }, process.env);
 * describeProviderPlan(plan); // "openai gpt-4o-mini"
 */
export function resolveModelChoice(
  agent: AgentFile,
  overrides: ModelOverrides,
  env: Record<string, string | undefined>,
  settingNames?: { provider: string },
): { choice: ModelChoice; plan: ProviderPlan } {
  const choice: ModelChoice = {};
  const pick = <K extends keyof ModelChoice>(key: K, value: ModelChoice[K] | undefined) => {
    if (value !== undefined) choice[key] = value;
  };
  const provider = overrides.provider ?? agent.provider;
  pick("provider", provider);
  const fileModel =
    (provider === "replay" || provider === "local") &&
    agent.model &&
    agent.file &&
    !agent.model.startsWith("hf:")
      ? resolve(dirname(agent.file), agent.model)
      : agent.model;
  pick("model", overrides.model ?? fileModel);
  pick("endpointUrl", overrides.endpointUrl ?? agent.endpointUrl);
  pick("apiKey", overrides.apiKeyEnv ? undefined : agent.apiKey || undefined);
  pick("apiKeyEnv", overrides.apiKeyEnv);
  pick("cassette", overrides.cassette);
  pick("record", overrides.record);
  // A flag's provider or endpoint is tinyloop's meaning; the file's keys are tiny-agents'.
  if (
    agent.format === "tiny-agents" &&
    overrides.provider === undefined &&
    overrides.endpointUrl === undefined
  )
    choice.tinyAgentsFile = true;
  checkHostedModelKey(choice, env, settingNames?.provider);
  return { choice, plan: chooseProvider(choice, env) };
}

/**
 * Refuses a provider tinyloop does not know (an override such as `opnai`, one from the
 * environment, a file's `provider` that came from `${VAR}`) with a "did you mean", instead of
 * sending it to the Hugging Face router. A file's literal `provider` is checked where it is
 * read, with its line; a value still holding `${…}` is left alone. Beside an endpoint URL (or
 * a cassette) any name is taken: it only labels that server. The message's path is
 * `providerSetting` for an override (e.g. a flag), `PROVIDER` when `fromEnvironment`, else `provider`.
 * @throws AgentSessionError `PROVIDER_UNKNOWN`.
 */
export function checkProviderName(
  agent: Pick<AgentFile, "provider" | "endpointUrl">,
  overrides: Pick<ModelOverrides, "provider" | "endpointUrl" | "cassette">,
  { fromEnvironment, providerSetting }: { fromEnvironment: boolean; providerSetting: string },
): void {
  const provider = overrides.provider ?? agent.provider;
  if (provider === undefined || provider.includes("${")) return;
  if ((overrides.endpointUrl ?? agent.endpointUrl ?? overrides.cassette) !== undefined) return;
  const problem = unknownProviderProblem(provider);
  if (!problem) return;
  const path =
    overrides.provider !== undefined ? providerSetting : fromEnvironment ? "PROVIDER" : "provider";
  throw new AgentSessionError({
    code: "PROVIDER_UNKNOWN",
    message: `${expectedGot({ path, expected: problem.expected, got: provider })}${problem.suggestion ? `; did you mean ${problem.suggestion}?` : ""}`,
  });
}
