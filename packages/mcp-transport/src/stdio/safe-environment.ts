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
 * Added on Windows, where programs (Node and `npx` among them) fail without the system
 * folders, the user's profile folders and the command interpreter. Matched there without
 * regard to case, as Windows does (`Path`, `SystemRoot`).
 */
export const WINDOWS_SAFE_ENVIRONMENT_VARIABLES: readonly string[] = Object.freeze([
  "PATHEXT",
  "SYSTEMROOT",
  "SYSTEMDRIVE",
  "WINDIR",
  "COMSPEC",
  "TEMP",
  "TMP",
  "USERPROFILE",
  "USERNAME",
  "HOMEDRIVE",
  "HOMEPATH",
  "APPDATA",
  "LOCALAPPDATA",
  "PROGRAMDATA",
  "PROGRAMFILES",
  "PROGRAMFILES(X86)",
  "PROCESSOR_ARCHITECTURE",
  "NUMBER_OF_PROCESSORS",
  "OS",
]);

/**
 * The complete environment of a stdio server: the safe list (plus every `XDG_*`; on
 * Windows also {@link WINDOWS_SAFE_ENVIRONMENT_VARIABLES}, any case) taken from `parent`,
 * then exactly the config's `env`. Nothing else of the parent (API keys, tokens) reaches
 * the server. Values starting with `()` (exported shell functions) are dropped.
 */
export function buildServerEnvironment(
  configEnv: Readonly<Record<string, string>> | undefined,
  parent: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const isSafe =
    platform === "win32"
      ? (key: string) =>
          SAFE_ENVIRONMENT_VARIABLES.includes(key.toUpperCase()) ||
          WINDOWS_SAFE_ENVIRONMENT_VARIABLES.includes(key.toUpperCase()) ||
          key.toUpperCase().startsWith("XDG_")
      : (key: string) => SAFE_ENVIRONMENT_VARIABLES.includes(key) || key.startsWith("XDG_");
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parent)) {
    if (value === undefined || value.startsWith("()")) continue;
    if (isSafe(key)) env[key] = value;
  }
  return { ...env, ...configEnv };
}
