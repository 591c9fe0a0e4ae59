import { providerPresets } from "@tinyloop/inference-adapters/presets";
import { hostedProviderFor, hostedProviderOfModel } from "./hosted-providers.js";
import {
  huggingFaceRouterUrl,
  tinyAgentsBaseUrl,
  tinyAgentsEndpointKey,
  tinyAgentsProviderRoute,
} from "./tiny-agents-model.js";

/** What the user asked for, from the agent file and a program's flags (flags win). */
export interface ModelChoice {
  provider?: string;
  model?: string;
  endpointUrl?: string;
  apiKey?: string;
  apiKeyEnv?: string;
  cassette?: string;
  record?: string;
  /**
   * The model keys come from a tiny-agents file (no flag replaced `provider` or `endpointUrl`)
   * and mean what they mean there: `provider` is a Hugging Face inference provider, the
   * `endpointUrl` follows tiny-agents' `/v1` rule and its key falls back to `API_KEY`, then `HF_TOKEN`.
   */
  tinyAgentsFile?: boolean;
}

/** The adapter to build, decided without touching the network. */
export type ProviderPlan =
  | { kind: "replay"; cassette: string }
  | { kind: "local"; model: string | undefined }
  | { kind: "anthropic"; model: string | undefined; baseURL?: string; apiKeyEnv: string }
  | {
      kind: "openai-compatible";
      provider: string;
      model: string | undefined;
      /** A preset name to resolve, unless `baseURL` is given. */
      preset?: string;
      baseURL?: string;
      apiKeyEnv?: string;
      /** How the provider is reached when that was a choice, for the start line. */
      route?: string;
    };

/**
 * Picks the adapter (presets are inference-adapters' `providerPresets`). Order: `--cassette` (or provider `replay` with the cassette as model) replays; `local`; `anthropic`; a preset name;
 * an `endpointUrl` alone means an OpenAI-compatible server; any other provider name
 * (tiny-agents' Hugging Face inference providers such as `nebius`) goes through the
 * Hugging Face router as `model:provider` (`HF_ROUTER_URL` overrides the router's URL);
 * no provider and no endpoint: a model id that is clearly a hosted provider's (`gpt-4.1-mini`,
 * `claude-…`; see `hostedProviderOfModel`) picks that provider, else the first provider whose
 * key variable is set, else the local llama.cpp model. In a tiny-agents file (`tinyAgentsFile`) a preset that is also a Hugging
 * Face inference provider (`openai`, `together`, `groq`) goes through the router unless its
 * own key variable is set, and an `endpointUrl` follows tiny-agents' rules (see
 * `tinyAgentsBaseUrl`, `tinyAgentsEndpointKey`).
 */
export function chooseProvider(
  choice: ModelChoice,
  env: Record<string, string | undefined>,
): ProviderPlan {
  if (choice.cassette) return { kind: "replay", cassette: choice.cassette };
  let provider = choice.provider?.toLowerCase();
  // An agent file can say its model is a cassette: "provider": "replay", "model": "demo.jsonl".
  if (provider === "replay" && choice.model) return { kind: "replay", cassette: choice.model };
  if (provider === undefined && choice.endpointUrl === undefined) {
    // A hosted model id picks its provider, key set or not: it is never a local file name.
    provider = (hostedProviderOfModel(choice.model) ?? hostedProviderFor(env))?.provider ?? "local";
  }
  const keyEnv = (fallback: string | undefined) => choice.apiKeyEnv ?? fallback;
  if (provider === "local" || provider === "llama-cpp")
    return { kind: "local", model: choice.model };
  if (provider === "anthropic") {
    return {
      kind: "anthropic",
      model: choice.model,
      apiKeyEnv: keyEnv("ANTHROPIC_API_KEY") ?? "ANTHROPIC_API_KEY",
      ...(choice.endpointUrl ? { baseURL: choice.endpointUrl } : {}),
    };
  }
  if (choice.endpointUrl) {
    const tinyAgents = choice.tinyAgentsFile === true;
    const plan: ProviderPlan = {
      kind: "openai-compatible",
      provider: provider ?? "openai-compatible",
      model: choice.model,
      baseURL: tinyAgents ? tinyAgentsBaseUrl(choice.endpointUrl) : choice.endpointUrl,
    };
    const fallbackKey = tinyAgents && !choice.apiKey ? tinyAgentsEndpointKey(env) : undefined;
    const apiKeyEnv = keyEnv(fallbackKey);
    if (apiKeyEnv) plan.apiKeyEnv = apiKeyEnv;
    if (apiKeyEnv && apiKeyEnv === fallbackKey && !choice.apiKeyEnv)
      plan.route = `key from ${apiKeyEnv}`;
    return plan;
  }
  const route =
    provider && choice.tinyAgentsFile ? tinyAgentsProviderRoute(provider, env) : undefined;
  if (route?.direct) {
    return {
      kind: "openai-compatible",
      provider: provider as string,
      model: choice.model,
      preset: provider as string,
      ...(choice.apiKeyEnv ? { apiKeyEnv: choice.apiKeyEnv } : {}),
      route: `direct to ${provider}'s API: ${route.keyVariable} is set`,
    };
  }
  if (provider && !route && Object.hasOwn(providerPresets, provider)) {
    const plan: ProviderPlan = {
      kind: "openai-compatible",
      provider,
      model: choice.model,
      preset: provider,
    };
    const apiKeyEnv = keyEnv(undefined);
    if (apiKeyEnv) plan.apiKeyEnv = apiKeyEnv;
    if (provider === "huggingface" && env.HF_ROUTER_URL) plan.baseURL = huggingFaceRouterUrl(env);
    return plan;
  }
  // tiny-agents names Hugging Face inference providers; the router takes `model:provider`.
  const routed =
    provider && provider !== "auto" && provider !== "hf-inference" && choice.model
      ? `${choice.model}:${provider}`
      : choice.model;
  const plan: ProviderPlan = {
    kind: "openai-compatible",
    provider: "huggingface",
    model: routed,
    preset: "huggingface",
    apiKeyEnv: keyEnv("HF_TOKEN") ?? "HF_TOKEN",
  };
  if (env.HF_ROUTER_URL) plan.baseURL = huggingFaceRouterUrl(env);
  if (routed !== choice.model) {
    plan.route = route
      ? `${provider} through the Hugging Face router with ${plan.apiKeyEnv}; ${route.keyVariable} is not set`
      : `${provider} through the Hugging Face router with ${plan.apiKeyEnv}`;
  }
  return plan;
}

/** `replayed from demo.jsonl`, `openai gpt-4o-mini`, `local (default model)`: for status lines. */
export function describeProviderPlan(plan: ProviderPlan): string {
  switch (plan.kind) {
    case "replay":
      return `replayed from ${plan.cassette}`;
    case "local":
      return `local ${plan.model ?? "(default model)"}`;
    case "anthropic":
      return `anthropic ${plan.model ?? ""}`.trim();
    case "openai-compatible":
      return `${plan.provider} ${plan.model ?? ""}`.trim() + (plan.route ? ` (${plan.route})` : "");
  }
}
