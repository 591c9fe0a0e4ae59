import { providerPresets } from "@tinyloop/inference-adapters/presets";
import { hostedProviderFor } from "./hosted-providers.js";

/** What the user asked for, from the agent file and a program's flags (flags win). */
export interface ModelChoice {
  provider?: string;
  model?: string;
  endpointUrl?: string;
  apiKey?: string;
  apiKeyEnv?: string;
  cassette?: string;
  record?: string;
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
    };

/**
 * Picks the adapter (presets are inference-adapters' `providerPresets`). Order: `--cassette` (or provider `replay` with the cassette as model) replays; `local`; `anthropic`; a preset name;
 * an `endpointUrl` alone means an OpenAI-compatible server; any other provider name
 * (tiny-agents' Hugging Face inference providers such as `nebius`) goes through the
 * Hugging Face router as `model:provider`; nothing at all picks the first provider whose
 * key variable is set, else the local llama.cpp model.
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
    provider = hostedProviderFor(env)?.provider ?? "local";
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
    const plan: ProviderPlan = {
      kind: "openai-compatible",
      provider: provider ?? "openai-compatible",
      model: choice.model,
      baseURL: choice.endpointUrl,
    };
    const apiKeyEnv = keyEnv(undefined);
    if (apiKeyEnv) plan.apiKeyEnv = apiKeyEnv;
    return plan;
  }
  if (provider && Object.hasOwn(providerPresets, provider)) {
    const plan: ProviderPlan = {
      kind: "openai-compatible",
      provider,
      model: choice.model,
      preset: provider,
    };
    const apiKeyEnv = keyEnv(undefined);
    if (apiKeyEnv) plan.apiKeyEnv = apiKeyEnv;
    return plan;
  }
  // tiny-agents names Hugging Face inference providers; the router takes `model:provider`.
  const routed =
    provider && provider !== "auto" && provider !== "hf-inference" && choice.model
      ? `${choice.model}:${provider}`
      : choice.model;
  return {
    kind: "openai-compatible",
    provider: "huggingface",
    model: routed,
    preset: "huggingface",
    apiKeyEnv: keyEnv("HF_TOKEN") ?? "HF_TOKEN",
  };
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
      return `${plan.provider} ${plan.model ?? ""}`.trim();
  }
}
