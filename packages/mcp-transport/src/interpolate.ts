import type { ServerConfig } from "./config-schema.js";
import { McpTransportError } from "./errors.js";
import { expandVariables } from "./expand-variables.js";
import { oauthConfigProblems } from "./oauth/oauth-config-check.js";
import { checkUrl, invalidConfig } from "./parse-server-config.js";

/**
 * Expands `${VAR}` and `${VAR:-default}` in `command`, `args`, `env` values, `cwd`,
 * `url`, header values and the `oauth` strings (with {@link expandVariables}). Bare `$VAR` is left alone.
 * Returns a new config.
 *
 * @param resolve looks a variable up (for example `(name) => process.env[name]`).
 * @param path where the config sits, for messages (`servers.github`).
 * @throws McpTransportError `CONFIG_INVALID` naming the variable and the field
 *   (`servers.github.headers.Authorization: ${GITHUB_TOKEN} is not set`).
 */
export function interpolate(
  config: ServerConfig,
  resolve: (name: string) => string | undefined,
  path = "",
): ServerConfig {
  const missing: string[] = [];
  const expand = (value: string, field: string): string => {
    const expanded = expandVariables(value, resolve);
    for (const whole of expanded.missing)
      missing.push(`${path ? `${path}.` : ""}${field}: ${whole} is not set`);
    return expanded.value;
  };
  const expandMap = (map: Record<string, string> | undefined, field: string) =>
    map &&
    Object.fromEntries(
      Object.entries(map).map(([key, value]) => [
        key,
        expand(
          value,
          /^[A-Za-z_][\w]*$/.test(key) ? `${field}.${key}` : `${field}[${JSON.stringify(key)}]`,
        ),
      ]),
    );

  let out: ServerConfig;
  if ("command" in config) {
    out = { ...config, command: expand(config.command, "command") };
    if (config.args) out.args = config.args.map((arg, i) => expand(arg, `args[${i}]`));
    if (config.env) out.env = expandMap(config.env, "env");
    if (config.cwd !== undefined) out.cwd = expand(config.cwd, "cwd");
  } else {
    out = { ...config, url: expand(config.url, "url") };
    if (config.headers) out.headers = expandMap(config.headers, "headers");
    if (config.oauth) {
      const oauth: Record<string, unknown> = { ...config.oauth };
      for (const [key, value] of Object.entries(oauth))
        if (typeof value === "string") oauth[key] = expand(value, `oauth.${key}`);
      out.oauth = oauth as typeof config.oauth;
    }
  }
  if (missing.length > 0) {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      message: `${missing.join("\n")}\nSet ${missing.length > 1 ? "these variables" : "the variable"}, or give a default: \${NAME:-default}.`,
    });
  }
  if ("url" in out) checkUrl(out.url, `${path ? `${path}.` : ""}url`);
  const problems = "oauth" in out && out.oauth ? oauthConfigProblems(out.oauth, path) : [];
  if (problems.length > 0) throw invalidConfig(problems, path);
  return out;
}
