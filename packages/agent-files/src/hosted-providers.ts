/** A hosted provider tinyloop picks by its key variable when an agent names no provider. */
export interface HostedProvider {
  /** The variable whose value picks it (set and not empty). */
  keyVariable: string;
  /** The provider name, as an agent file writes it. */
  provider: string;
  /** The model a starter agent names for it: widely available, cheap enough to try. */
  starterModel: string;
}

/**
 * The providers picked by key variable, in the order they are tried: the first whose
 * variable is set wins. `chooseProvider` and `starterAgent` both follow this list.
 */
export const HOSTED_PROVIDERS: readonly HostedProvider[] = [
  { keyVariable: "OPENAI_API_KEY", provider: "openai", starterModel: "gpt-4o-mini" },
  { keyVariable: "ANTHROPIC_API_KEY", provider: "anthropic", starterModel: "claude-sonnet-4-5" },
  { keyVariable: "HF_TOKEN", provider: "huggingface", starterModel: "Qwen/Qwen2.5-72B-Instruct" },
];

/** The first of {@link HOSTED_PROVIDERS} whose key variable is set in `env`. */
export function hostedProviderFor(
  env: Record<string, string | undefined>,
): HostedProvider | undefined {
  return HOSTED_PROVIDERS.find(({ keyVariable }) => env[keyVariable]);
}
