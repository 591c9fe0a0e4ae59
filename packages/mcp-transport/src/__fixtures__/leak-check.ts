/** Variables a stdio server may see besides the ones its config names (the safe list and the test marker). */
const ALWAYS_ALLOWED =
  /^(PATH|HOME|USER|LOGNAME|SHELL|TERM|LANG|LC_ALL|TMPDIR|XDG_.*|TINYLOOP_TEST_MARKER)$/;

/** Secrets planted in the test runner's environment; none of them may reach a server. */
export const PLANTED_SECRETS = {
  OPENAI_API_KEY: "sk-test-must-not-leak",
  HF_TOKEN: "hf_test_must_not_leak",
} as const;

/** Runs `body` with {@link PLANTED_SECRETS} set in `process.env`, and removes them afterwards. */
export async function withPlantedSecrets<T>(body: () => Promise<T>): Promise<T> {
  Object.assign(process.env, PLANTED_SECRETS);
  try {
    return await body();
  } finally {
    for (const name of Object.keys(PLANTED_SECRETS)) delete process.env[name];
  }
}

/** The names in a server's environment that are neither on the safe list nor in `named`. */
export function unexpectedVariables(env: Record<string, unknown>, named: string[]): string[] {
  return Object.keys(env).filter((key) => !ALWAYS_ALLOWED.test(key) && !named.includes(key));
}
