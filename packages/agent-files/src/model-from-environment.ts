import type { AgentFile } from "./agent-file.js";

/**
 * The variables that configure the model of Hugging Face's `@huggingface/mcp-client` demo and
 * of `tiny-agents`, read by {@link withModelFromEnvironment} (`HF_TOKEN` is read by
 * `chooseProvider` as the Hugging Face key).
 */
export const MODEL_ENVIRONMENT_VARIABLES = [
  "MODEL_ID",
  "PROVIDER",
  "ENDPOINT_URL",
  "BASE_URL",
  "API_KEY",
  "HF_TOKEN",
] as const;

/**
 * The agent with its model taken from the environment when the agent names no `model` (the
 * default agent, and the many config files that hold only servers): each of `model`
 * (`MODEL_ID`), `provider` (`PROVIDER`), `endpointUrl` (`ENDPOINT_URL`, else `BASE_URL`) and
 * `apiKey` (`API_KEY`) that the file leaves unset. `BASE_URL` counts only when it is an
 * http(s) URL: the name is common, and tools set it for their own ends (Vite and Vitest set
 * `BASE_URL=/`). `API_KEY` is the key of an endpoint URL,
 * or of any provider when `HF_TOKEN` is not set: Hugging Face's router keeps `HF_TOKEN`.
 * An agent that names a model is returned as it is; a program's own flags still go over
 * the result. Empty variables count as unset.
 *
 * @example
 * withModelFromEnvironment(defaultAgent({ cwd }), { MODEL_ID: "Qwen/Qwen3-32B", PROVIDER: "nebius" });
 */
export function withModelFromEnvironment(
  agent: AgentFile,
  env: Record<string, string | undefined>,
): AgentFile {
  if (agent.model !== undefined) return agent;
  const set = (name: string) => (env[name] ? env[name] : undefined);
  const model = set("MODEL_ID");
  const provider = agent.provider ?? set("PROVIDER");
  const baseUrl = set("BASE_URL");
  const endpointUrl =
    agent.endpointUrl ??
    set("ENDPOINT_URL") ??
    (baseUrl && /^https?:\/\//i.test(baseUrl) ? baseUrl : undefined);
  const apiKey =
    agent.apiKey ?? (endpointUrl !== undefined || !set("HF_TOKEN") ? set("API_KEY") : undefined);
  return {
    ...agent,
    ...(model !== undefined ? { model } : {}),
    ...(provider !== undefined ? { provider } : {}),
    ...(endpointUrl !== undefined ? { endpointUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
  };
}
