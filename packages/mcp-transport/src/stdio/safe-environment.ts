/** Variables a stdio server inherits from the parent besides the ones its config names. */
export const SAFE_ENVIRONMENT_VARIABLES: readonly string[] = Object.freeze([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "LANG",
  "LC_ALL",
  "TMPDIR",
]);

/**
 * The complete environment of a stdio server: the safe list (plus every `XDG_*`) taken
 * from `parent`, then exactly the config's `env`. Nothing else of the parent (API keys,
 * tokens) reaches the server. Values starting with `()` (exported shell functions) are dropped.
 */
export function buildServerEnvironment(
  configEnv: Readonly<Record<string, string>> | undefined,
  parent: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parent)) {
    if (value === undefined || value.startsWith("()")) continue;
    if (SAFE_ENVIRONMENT_VARIABLES.includes(key) || key.startsWith("XDG_")) env[key] = value;
  }
  return { ...env, ...configEnv };
}
