import { providerPresets } from "@tinyloop/inference-adapters/presets";

/**
 * tinyloop presets that are also Hugging Face inference providers: in a tiny-agents file
 * `provider: "together"` means Together *through the Hugging Face router*, not Together's
 * own API (https://huggingface.co/docs/inference-providers).
 */
const HF_ROUTED_PRESETS = new Set(["openai", "together", "groq"]);

/** The Hugging Face router's base URL: `HF_ROUTER_URL` (a proxy or mirror), else the preset's. */
export function huggingFaceRouterUrl(env: Record<string, string | undefined>): string {
  return env.HF_ROUTER_URL || providerPresets.huggingface.baseURL;
}

/**
 * How a tiny-agents file's `provider` that is also a tinyloop preset is reached: its own API
 * when its key variable is set (the user has a key for it), else the Hugging Face router with
 * `HF_TOKEN`, as tiny-agents always does. `undefined` for presets that are no HF provider.
 */
export function tinyAgentsProviderRoute(
  provider: string,
  env: Record<string, string | undefined>,
): { direct: boolean; keyVariable: string } | undefined {
  if (!HF_ROUTED_PRESETS.has(provider)) return undefined;
  const keyVariable =
    (providerPresets[provider as keyof typeof providerPresets] as { apiKeyEnv?: string })
      .apiKeyEnv ?? `${provider.toUpperCase()}_API_KEY`;
  return { direct: Boolean(env[keyVariable]), keyVariable };
}

/**
 * A tiny-agents `endpointUrl` as a base URL, by tiny-agents' rule (that of
 * `@huggingface/inference`): trailing `/` dropped; ending in `/v1` → as is; ending in
 * `/chat/completions` → that part is the request path; anything else → `/v1` appended.
 * The query (Azure's `?api-version=`) is kept.
 */
export function tinyAgentsBaseUrl(endpointUrl: string): string {
  let url: URL;
  try {
    url = new URL(endpointUrl);
  } catch {
    return endpointUrl;
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/v1")) url.pathname = path;
  else if (path.endsWith("/chat/completions"))
    url.pathname = path.slice(0, -"/chat/completions".length);
  else url.pathname = `${path}/v1`;
  return url.toString().replace(/\/(\?|$)/, "$1");
}

/** The key variable for a tiny-agents `endpointUrl` without `apiKey`: `API_KEY`, else `HF_TOKEN` (tiny-agents' fallback). */
export function tinyAgentsEndpointKey(env: Record<string, string | undefined>): string | undefined {
  return ["API_KEY", "HF_TOKEN"].find((name) => env[name]);
}
