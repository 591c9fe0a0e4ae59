// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { OAUTH_SECRET_KEYS } from "@tinyloop/mcp-transport/config";
import type { ConfigPath } from "./config-path.js";
import type { KeyWarning } from "./key-warnings.js";

/**
 * One warning per `oauth` secret written into the file itself rather than taken from a
 * variable or an input: an agent file is shared and committed, a secret in it is not secret.
 * The value is never quoted.
 */
export function literalOAuthSecrets(oauth: unknown, path: ConfigPath): KeyWarning[] {
  if (oauth === null || typeof oauth !== "object" || Array.isArray(oauth)) return [];
  return OAUTH_SECRET_KEYS.flatMap((key) => {
    const value = (oauth as Record<string, unknown>)[key];
    if (typeof value !== "string" || value.includes("${")) return [];
    const variable = key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
    return [
      {
        path: [...path, "oauth", key],
        message: `holds a secret written in the file; take it from a variable or an input instead (example: "${key}": "\${${variable}}")`,
      },
    ];
  });
}
