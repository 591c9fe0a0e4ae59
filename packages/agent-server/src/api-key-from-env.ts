import { isProviderKeyVariable } from "@tinyloop/inference-adapters/presets";
import { AgentServerError } from "./agent-server-error.js";
import { isUsableApiKey } from "./bearer-auth.js";

/** How the caller's user names the key variable and the model's key, in {@link apiKeyFromEnv}'s messages. */
export interface ApiKeyHints {
  /** The setting that named the variable, put before it (a CLI: `--api-key-env`). */
  setting?: string;
  /** Where the model's key goes instead, said after the problem (a CLI: `--model-api-key-env`). */
  modelKeySetting?: string;
}

/**
 * The server's API key from the environment variable `name`, checked: a variable that is
 * unset or empty is an error rather than "no key" (which would quietly generate one), and so
 * is a key `createAgentServer` would refuse, and so is a variable that holds a model provider's
 * key (`OPENAI_API_KEY`, `HF_TOKEN`…: inference-adapters' `isProviderKeyVariable`), which
 * clients would then be given. The messages name the variable and how to set it (and, with
 * `hints`, the caller's setting that named it and where the model's key goes instead).
 *
 * ```ts
 * const server = createAgentServer({ model, registry, apiKey: apiKeyFromEnv("TINYLOOP_SERVE_KEY") });
 * ```
 * @throws AgentServerError `KEY_INVALID`.
 */
export function apiKeyFromEnv(
  name: string,
  env: Record<string, string | undefined> = process.env,
  hints: ApiKeyHints = {},
): string {
  const providerKey = isProviderKeyVariable(name);
  const refuse = (problem: string) => {
    const named = hints.setting ? `${hints.setting} ${name}` : name;
    const modelKey = hints.modelKeySetting
      ? `; the model's key is ${hints.modelKeySetting}${providerKey ? ` ${name}` : ""}`
      : "";
    return new AgentServerError({
      code: "KEY_INVALID",
      message: `${named}: ${problem}${modelKey}`,
    });
  };
  if (providerKey) {
    throw refuse(
      "this variable holds a model provider's key, and the server's key is given to every client; give the server a key of its own (example: export TINYLOOP_SERVE_KEY=$(openssl rand -hex 24), then name TINYLOOP_SERVE_KEY)",
    );
  }
  const key = env[name];
  if (!key) {
    throw refuse(
      `the variable is not set or empty; export ${name}=<a long random key> (the key clients send as "Authorization: Bearer …")`,
    );
  }
  if (!isUsableApiKey(key)) {
    throw refuse(
      `the key must have at least 8 characters and no spaces (example: export ${name}=$(openssl rand -hex 24))`,
    );
  }
  return key;
}
