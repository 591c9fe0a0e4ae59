import { hostedProviderOfModel, type ModelChoice } from "@tinyloop/agent-files";
import { AgentSessionError } from "./agent-session-error.js";

/**
 * Refuses a model id that is clearly a hosted provider's (`gpt-4.1-mini`, `claude-…`; see
 * agent-files' `hostedProviderOfModel`) when nothing else chose the provider (no provider, no
 * endpoint, no cassette) and no key is there for it: the model would fail at its first
 * request, or be looked for as a local file. The message names the variable to set, and
 * `providerSetting` (a program's flag, else the agent file's `"provider"`) for another choice.
 * @throws AgentSessionError `KEY_REQUIRED`.
 */
export function checkHostedModelKey(
  choice: ModelChoice,
  env: Record<string, string | undefined>,
  providerSetting?: string,
): void {
  if (choice.provider !== undefined || choice.endpointUrl !== undefined) return;
  if (choice.cassette !== undefined || choice.apiKey) return;
  const hosted = hostedProviderOfModel(choice.model);
  if (!hosted) return;
  const variable = choice.apiKeyEnv ?? hosted.keyVariable;
  if (env[variable]) return;
  const provider = providerSetting ? `${providerSetting} NAME` : `"provider" in the agent file`;
  throw new AgentSessionError({
    code: "KEY_REQUIRED",
    message: `model "${choice.model}" is ${hosted.provider}'s, and ${variable} is not set: export ${variable}=<your key>, or choose another provider with ${provider} (local for a GGUF file of that name)`,
  });
}
