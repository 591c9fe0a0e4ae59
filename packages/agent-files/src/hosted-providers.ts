/** A hosted provider tinyloop picks by its key variable when an agent names no provider. */
export interface HostedProvider {
  /** The variable whose value picks it (set and not empty). */
  keyVariable: string;
  /** The provider name, as an agent file writes it. */
  provider: string;
  /** The model a starter agent names for it: widely available, cheap enough to try. */
  starterModel: string;
  /**
   * The model ids that are this provider's alone (`gpt-4.1-mini`, `claude-sonnet-4-5`): such
   * a name picks this provider and is never a local model file. None for a router.
   */
  modelIds?: RegExp;
}

/**
 * The providers picked by key variable, in the order they are tried: the first whose
 * variable is set wins. `chooseProvider` and `starterAgent` both follow this list.
 */
export const HOSTED_PROVIDERS: readonly HostedProvider[] = [
  {
    keyVariable: "OPENAI_API_KEY",
    provider: "openai",
    starterModel: "gpt-4o-mini",
    // gpt-oss is open weights (run locally, or through a router): not OpenAI's alone.
    modelIds: /^(?:gpt-(?!oss)|chatgpt-|o[1-9](?:-|$))/i,
  },
  {
    keyVariable: "ANTHROPIC_API_KEY",
    provider: "anthropic",
    starterModel: "claude-sonnet-4-5",
    modelIds: /^claude-/i,
  },
  { keyVariable: "HF_TOKEN", provider: "huggingface", starterModel: "Qwen/Qwen2.5-72B-Instruct" },
];

/** The first of {@link HOSTED_PROVIDERS} whose key variable is set in `env`. */
export function hostedProviderFor(
  env: Record<string, string | undefined>,
): HostedProvider | undefined {
  return HOSTED_PROVIDERS.find(({ keyVariable }) => env[keyVariable]);
}

/**
 * The hosted provider whose model ids `model` clearly is (`gpt-4.1-mini` → openai,
 * `claude-sonnet-4-5` → anthropic); undefined for anything else, and for what reads as a
 * file (a path, a `.gguf` name, an `hf:` URI).
 */
export function hostedProviderOfModel(model: string | undefined): HostedProvider | undefined {
  if (!model || /[/\\]|\.gguf$|^hf:/i.test(model)) return undefined;
  return HOSTED_PROVIDERS.find(({ modelIds }) => modelIds?.test(model));
}
