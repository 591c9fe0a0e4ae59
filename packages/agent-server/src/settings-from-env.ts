import { AgentServerError } from "./agent-server-error.js";
import { type ApiKeyHints, apiKeyFromEnv } from "./api-key-from-env.js";
import { DEFAULT_PORT } from "./default-port.js";
import { checkServerOptions, type ServerSettings } from "./server-options.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The port to listen on, in one rule: `port` when given, else `PORT` (as hosting platforms
 * and Hugging Face's tiny-agents set it), else {@link DEFAULT_PORT}.
 * @throws AgentServerError `OPTIONS_INVALID` for a `PORT` that is no port (naming `hints.port`,
 * the program's own setting that wins over it).
 */
export function portFromEnv(
  port: number | undefined,
  env: Env,
  hints: { port?: string } = {},
): number {
  if (port !== undefined) return port;
  const value = env.PORT?.trim();
  if (!value) return DEFAULT_PORT;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65535) {
    const wins = hints.port ? `; ${hints.port} wins over PORT` : "";
    throw new AgentServerError({
      code: "OPTIONS_INVALID",
      message: `PORT: expected a whole number from 0 to 65535, got "${env.PORT}" (example: PORT=8080${wins})`,
    });
  }
  return parsed;
}

/** {@link serverSettingsFromEnv}'s options: the settings, with the key and port from the environment. */
export interface SettingsFromEnvOptions extends Omit<ServerSettings, "apiKey"> {
  /** The port; absent, `PORT`, else {@link DEFAULT_PORT} (see {@link portFromEnv}). */
  port?: number;
  /** The variable holding the key clients must send (see `apiKeyFromEnv`); absent, a generated key. */
  apiKeyEnv?: string;
  /** How the program names the key's variable and the model's key, for `apiKeyFromEnv`'s messages. */
  apiKeyHints?: ApiKeyHints;
}

/**
 * A deployed server's settings, checked before anything else starts (the MCP servers, a model
 * download): the port by {@link portFromEnv}, the key from the variable `apiKeyEnv`, then
 * `checkServerOptions` (a public host without a key is refused), each message naming the
 * program's own settings through `hints`.
 *
 * ```ts
 * const settings = serverSettingsFromEnv({ host: "0.0.0.0", apiKeyEnv: "SERVE_KEY" });
 * await checkCanListen(settings); // a busy port fails here too
 * ```
 * @throws AgentServerError `OPTIONS_INVALID`, `KEY_INVALID` or `KEY_REQUIRED`.
 */
export function serverSettingsFromEnv(
  { apiKeyEnv, apiKeyHints, port, ...options }: SettingsFromEnvOptions,
  env: Env = process.env,
): ServerSettings {
  const settings: ServerSettings = {
    ...options,
    port: portFromEnv(port, env, options.hints),
    ...(apiKeyEnv === undefined ? {} : { apiKey: apiKeyFromEnv(apiKeyEnv, env, apiKeyHints) }),
  };
  checkServerOptions(settings);
  return settings;
}
