import { providerPresets } from "./openai-compatible/presets.js";

/** The Anthropic adapter's default key variable (it is no OpenAI-compatible preset). */
const ANTHROPIC_KEY_VARIABLE = "ANTHROPIC_API_KEY";

/**
 * The environment variables that hold a hosted model provider's key: each preset's
 * `apiKeyEnv` (`OPENAI_API_KEY`, `HF_TOKEN`, `GROQ_API_KEY`…), `<PRESET>_API_KEY` for every
 * preset name (`HUGGINGFACE_API_KEY`), and the Anthropic adapter's `ANTHROPIC_API_KEY`.
 */
export const PROVIDER_KEY_VARIABLES: readonly string[] = [
  ...new Set([
    ...Object.values(providerPresets).flatMap((preset) =>
      "apiKeyEnv" in preset ? [preset.apiKeyEnv] : [],
    ),
    ...Object.keys(providerPresets).map((name) => `${name.toUpperCase()}_API_KEY`),
    ANTHROPIC_KEY_VARIABLE,
  ]),
];

/**
 * True when `name` is a variable that holds a model provider's key
 * ({@link PROVIDER_KEY_VARIABLES}, case-insensitive): a program that hands a key to its own
 * clients (a server's bearer key) refuses such a variable, so a provider's key is never
 * given out.
 */
export function isProviderKeyVariable(name: string): boolean {
  return PROVIDER_KEY_VARIABLES.includes(name.toUpperCase());
}
