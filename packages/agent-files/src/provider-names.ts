import { providerPresets } from "@tinyloop/inference-adapters/presets";
import { didYouMean } from "./key-warnings.js";

/**
 * The inference providers the Hugging Face router serves for chat (`model:provider`), by
 * name: those `@huggingface/inference` 4.13 lists, less the image-only ones, plus those the
 * router's documentation names (`nebius`, `sambanova`, `hyperbolic`); `auto` lets the router
 * pick. A `provider` that is one of these and no tinyloop preset goes through the router.
 */
export const HUGGING_FACE_ROUTER_PROVIDERS: readonly string[] = [
  "auto",
  "baseten",
  "cerebras",
  "cohere",
  "deepinfra",
  "featherless-ai",
  "fireworks-ai",
  "groq",
  "hf-inference",
  "hyperbolic",
  "nebius",
  "novita",
  "nscale",
  "openai",
  "ovhcloud",
  "publicai",
  "sambanova",
  "scaleway",
  "together",
  "zai-org",
];

/**
 * The providers tinyloop reaches itself: inference-adapters' OpenAI-compatible presets, then
 * those with an adapter of their own (`llama-cpp` is also taken, as another name of `local`).
 */
export function tinyloopProviders(): string[] {
  return [...Object.keys(providerPresets), "anthropic", "local", "replay"];
}

/** The Hugging Face router's providers that are not also {@link tinyloopProviders}. */
export function routerOnlyProviders(): string[] {
  const own = tinyloopProviders();
  return HUGGING_FACE_ROUTER_PROVIDERS.filter((name) => !own.includes(name));
}

/** Every provider name tinyloop takes (any case): {@link tinyloopProviders}, `llama-cpp`, the router's. */
export function knownProviders(): string[] {
  return [...tinyloopProviders(), "llama-cpp", ...routerOnlyProviders()];
}

/**
 * What is wrong with a provider name, for an error: undefined when tinyloop knows it (any
 * case), else what was expected — tinyloop's names, then the Hugging Face router's — and a
 * "did you mean" when one is close (`opnai` → `openai`).
 */
export function unknownProviderProblem(
  name: string,
): { expected: string; suggestion?: string } | undefined {
  const known = knownProviders();
  if (known.includes(name.toLowerCase())) return undefined;
  const suggestion = didYouMean(name, known);
  return {
    expected: `a provider tinyloop knows (${tinyloopProviders().join(", ")}) or one the Hugging Face router serves (${routerOnlyProviders().join(", ")})`,
    ...(suggestion ? { suggestion } : {}),
  };
}
