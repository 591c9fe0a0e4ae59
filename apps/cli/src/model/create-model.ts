import type { ModelChoice, ProviderPlan } from "@tinyloop/agent-files";
import type { ChatModel } from "@tinyloop/inference-adapters";
import { CliError } from "../cli-error.js";

/** Hooks the CLI gives the model factory for things it shows on the terminal. */
export interface ModelHooks {
  /** HTTP providers: abandon a response stream silent for this long (`TIMEOUT`). Default: the adapter's 60 s. */
  idleTimeoutMs?: number;
  onDownloadProgress?: (progress: {
    uri?: string;
    downloadedBytes: number;
    totalBytes?: number | undefined;
  }) => void;
}

function needModel(plan: { model: string | undefined }, provider: string): string {
  if (plan.model) return plan.model;
  throw new CliError({
    code: "USAGE",
    message: `no model given for provider "${provider}"; pass --model NAME or set "model" in the agent file (example: --provider openai --model gpt-4o-mini)`,
  });
}

/**
 * Builds the `ChatModel` for a {@link ProviderPlan}, wrapping it in a recorder when
 * `choice.record` is set. Adapters are imported only when used, so `local` loads
 * node-llama-cpp only when asked for.
 */
export async function createModel(
  plan: ProviderPlan,
  choice: ModelChoice,
  env: Record<string, string | undefined>,
  hooks: ModelHooks = {},
): Promise<ChatModel> {
  const adapters = await import("@tinyloop/inference-adapters");
  let model: ChatModel;
  switch (plan.kind) {
    case "replay":
      model = adapters.createReplayModel({ cassette: plan.cassette });
      break;
    case "local": {
      let llama: typeof import("@tinyloop/inference-adapters/llama-cpp");
      try {
        llama = await import("@tinyloop/inference-adapters/llama-cpp");
      } catch (error) {
        throw new CliError({
          code: "PROVIDER_UNAVAILABLE",
          message: `the local provider could not be loaded (${(error as Error).message}); install node-llama-cpp 3.21.1 or pick a hosted provider with --provider`,
          cause: error,
        });
      }
      const options: Parameters<typeof llama.createLlamaCpp>[0] = {
        model: plan.model ?? llama.DEFAULT_LOCAL_MODEL,
      };
      if (hooks.onDownloadProgress) options.onDownloadProgress = hooks.onDownloadProgress;
      model = llama.createLlamaCpp(options);
      break;
    }
    case "anthropic": {
      const apiKey = choice.apiKey ?? env[plan.apiKeyEnv];
      model = adapters.createAnthropic({
        model: needModel(plan, "anthropic"),
        ...(apiKey ? { apiKey } : {}),
        ...(plan.baseURL ? { baseURL: plan.baseURL } : {}),
        ...(hooks.idleTimeoutMs ? { idleTimeoutMs: hooks.idleTimeoutMs } : {}),
      });
      break;
    }
    case "openai-compatible": {
      const preset = plan.preset ? adapters.resolvePreset(plan.preset) : undefined;
      const baseURL = plan.baseURL ?? preset?.baseURL;
      if (!baseURL) {
        throw new CliError({
          code: "USAGE",
          message: `provider "${plan.provider}" needs --endpoint-url URL`,
        });
      }
      const keyVariable = plan.apiKeyEnv ?? preset?.apiKeyEnv;
      const apiKey = choice.apiKey ?? (keyVariable ? env[keyVariable] : undefined);
      model = adapters.createOpenAICompatible({
        baseURL,
        model: needModel(plan, plan.provider),
        provider: plan.provider,
        ...(apiKey ? { apiKey } : {}),
        ...(hooks.idleTimeoutMs ? { idleTimeoutMs: hooks.idleTimeoutMs } : {}),
      });
      break;
    }
  }
  return choice.record ? adapters.recordModel(model, { path: choice.record }) : model;
}
