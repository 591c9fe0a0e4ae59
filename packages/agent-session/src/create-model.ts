import type { ModelChoice, ProviderPlan, ToolCallFormatSetting } from "@tinyloop/agent-files";
import type {
  ChatModel,
  ModelTimeoutSettings,
  ReasoningSetting,
  TimeoutSettingNames,
} from "@tinyloop/inference-adapters";
import type { ToolFormatSwitch } from "@tinyloop/inference-adapters/text-tool-calls";
import { AgentSessionError } from "./agent-session-error.js";
import type { DownloadReport } from "./download-report.js";

/** Options of {@link createModel}. */
export interface CreateModelOptions {
  /** HTTP providers: abandon a response silent for this long, headers included (`TIMEOUT`). Default: the adapter's 60 s. */
  idleTimeoutMs?: number;
  /** HTTP providers: abandon a turn that takes longer than this in all (`TIMEOUT`). Default: the adapter's 10 min. */
  turnTimeoutMs?: number;
  /** HTTP providers: how the user changes those two, named in `TIMEOUT` errors (a CLI names its flags). */
  timeoutSettingNames?: TimeoutSettingNames;
  /**
   * How the user gives the model, the provider and the endpoint, named in the errors when
   * one is missing (a CLI names its flags: `{ model: "--model", provider: "--provider",
   * endpointUrl: "--endpoint-url" }`). Default: the agent file's keys alone.
   */
  settingNames?: ModelSettingNames;
  /** `local`: progress of the model file's download (a terminal shows a bar). */
  onDownloadProgress?: (progress: DownloadReport) => void;
  /**
   * How tool calls travel (default `auto`). `auto`: an OpenAI-compatible model gets native
   * tools and falls back to the text format its name suggests when the server refuses them
   * or it writes a call as text; `native`: never a text format; a text format (`hermes`,
   * `pythonic`…): tools in the prompt and calls parsed from the text, for OpenAI-compatible,
   * Anthropic and local (llama.cpp) models. Anthropic and local models keep their native tool
   * calling for `auto` (the local one: node-llama-cpp's chat wrapper); replayed models are never wrapped.
   */
  toolCallFormat?: ToolCallFormatSetting;
  /** `auto`: called once when the model switches to a text format (see `toolFormatEvent` / `toolFormatLine`). */
  onToolFormatSwitch?: (change: ToolFormatSwitch) => void;
  /**
   * Ask the model to reason (an agent's `reasoning`): mapped per provider by the adapter;
   * replayed models ignore it (the cassette holds what was recorded).
   */
  reasoning?: ReasoningSetting;
  /**
   * Told once about a reasoning setting the provider cannot take (the adapter then sends
   * none). Default: inference-adapters' process warning.
   */
  onWarning?: (message: string) => void;
}

/** The names of the settings that choose the model, as the caller's user writes them. */
export interface ModelSettingNames {
  model: string;
  provider: string;
  endpointUrl: string;
}

/** What a missing model says: the caller's settings when named, else the agent file's key. */
function howToGiveModel(names: ModelSettingNames | undefined): string {
  return names
    ? `pass ${names.model} NAME or set "model" in the agent file (example: ${names.provider} openai ${names.model} gpt-4o-mini)`
    : `set "model" in the agent file (example: "provider": "openai", "model": "gpt-4o-mini")`;
}

/** The adapter settings of the reasoning hooks. */
function reasoningSettings(hooks: CreateModelOptions) {
  return {
    ...(hooks.reasoning ? { reasoning: hooks.reasoning } : {}),
    ...(hooks.onWarning ? { onWarning: hooks.onWarning } : {}),
  };
}

function timeoutSettings(hooks: CreateModelOptions): ModelTimeoutSettings {
  return {
    ...(hooks.idleTimeoutMs ? { idleTimeoutMs: hooks.idleTimeoutMs } : {}),
    ...(hooks.turnTimeoutMs ? { turnTimeoutMs: hooks.turnTimeoutMs } : {}),
    ...(hooks.timeoutSettingNames ? { timeoutSettingNames: hooks.timeoutSettingNames } : {}),
  };
}

function needModel(
  plan: { model: string | undefined },
  provider: string,
  names: ModelSettingNames | undefined,
): string {
  if (plan.model) return plan.model;
  throw new AgentSessionError({
    code: "MODEL_REQUIRED",
    message: `no model given for provider "${provider}"; ${howToGiveModel(names)}`,
  });
}

/**
 * Builds the `ChatModel` for agent-files' {@link ProviderPlan} (from `chooseProvider` or
 * {@link resolveModelChoice}), wrapping it in a recorder when `choice.record` is set. The API
 * key is `choice.apiKey`, else the plan's key variable in `env`. Adapters are imported only
 * when used, so `local` loads node-llama-cpp only when asked for. Throws
 * {@link AgentSessionError} (`MODEL_REQUIRED`, `ENDPOINT_REQUIRED`, `PROVIDER_UNAVAILABLE`).
 *
 * @example
 * const { plan, choice } = resolveModelChoice(agent, {}, process.env);
 * const model = await createModel(plan, choice, process.env);
 */
export async function createModel(
  plan: ProviderPlan,
  choice: ModelChoice,
  env: Record<string, string | undefined>,
  hooks: CreateModelOptions = {},
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
        throw new AgentSessionError({
          code: "PROVIDER_UNAVAILABLE",
          message: `the local provider could not be loaded (${(error as Error).message}); install node-llama-cpp 3.21.1 or pick a hosted provider ${hooks.settingNames ? `with ${hooks.settingNames.provider}` : `("provider" in the agent file)`}`,
          cause: error,
        });
      }
      const options: Parameters<typeof llama.createLlamaCpp>[0] = {
        model: plan.model ?? llama.DEFAULT_LOCAL_MODEL,
      };
      if (hooks.onDownloadProgress) options.onDownloadProgress = hooks.onDownloadProgress;
      if (hooks.settingNames) options.modelSettingName = hooks.settingNames.model;
      Object.assign(options, reasoningSettings(hooks));
      model = llama.createLlamaCpp(options);
      break;
    }
    case "anthropic": {
      const apiKey = choice.apiKey ?? env[plan.apiKeyEnv];
      model = adapters.createAnthropic({
        model: needModel(plan, "anthropic", hooks.settingNames),
        ...(apiKey ? { apiKey } : {}),
        ...(plan.baseURL ? { baseURL: plan.baseURL } : {}),
        ...timeoutSettings(hooks),
        ...reasoningSettings(hooks),
      });
      break;
    }
    case "openai-compatible": {
      const preset = plan.preset ? adapters.resolvePreset(plan.preset) : undefined;
      const baseURL = plan.baseURL ?? preset?.baseURL;
      if (!baseURL) {
        throw new AgentSessionError({
          code: "ENDPOINT_REQUIRED",
          message: `provider "${plan.provider}" needs ${hooks.settingNames ? `${hooks.settingNames.endpointUrl} URL` : `an endpoint URL ("endpointUrl" in the agent file)`}`,
        });
      }
      const keyVariable = plan.apiKeyEnv ?? preset?.apiKeyEnv;
      const apiKey = choice.apiKey ?? (keyVariable ? env[keyVariable] : undefined);
      model = adapters.createOpenAICompatible({
        baseURL,
        model: needModel(plan, plan.provider, hooks.settingNames),
        provider: plan.provider,
        ...(apiKey ? { apiKey } : {}),
        ...timeoutSettings(hooks),
        ...reasoningSettings(hooks),
      });
      break;
    }
  }
  const format = hooks.toolCallFormat ?? "auto";
  // A local model keeps node-llama-cpp's own function calling for `auto`: its chat wrapper
  // already knows the model's tool syntax, and the run has no server that could refuse tools.
  const wrap =
    format !== "native" &&
    (plan.kind === "openai-compatible" ||
      ((plan.kind === "anthropic" || plan.kind === "local") && format !== "auto"));
  if (wrap) {
    model = adapters.withTextToolCalls(model, {
      format,
      ...(hooks.onToolFormatSwitch ? { onSwitch: hooks.onToolFormatSwitch } : {}),
    });
  }
  return choice.record ? adapters.recordModel(model, { path: choice.record }) : model;
}
