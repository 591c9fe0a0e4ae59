import { CliError } from "../cli-error.js";

/** The port `serve` listens on when neither `--port` nor `PORT` says one. */
export const DEFAULT_SERVE_PORT = 8787;

/**
 * `serve`'s port, in one rule: `--port`, else `PORT` (as Hugging Face's tiny-agents serve
 * reads it), else {@link DEFAULT_SERVE_PORT}. A `PORT` that is no port is a usage error.
 */
export function servePort(
  flag: number | undefined,
  env: Record<string, string | undefined>,
): number {
  if (flag !== undefined) return flag;
  const value = env.PORT?.trim();
  if (!value) return DEFAULT_SERVE_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new CliError({
      code: "USAGE",
      message: `PORT: expected a whole number from 0 to 65535, got "${env.PORT}" (example: PORT=8080; --port wins over PORT)`,
    });
  }
  return port;
}
