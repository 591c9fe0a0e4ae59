import { CliError } from "../cli-error.js";

/** `serve`'s port when neither `--port` nor `PORT` gives one. */
export const DEFAULT_SERVE_PORT = 8787;

/**
 * The port `serve` listens on: `--port`, else `PORT` (as tiny-agents' `serve` and most
 * hosting platforms set it), else {@link DEFAULT_SERVE_PORT}.
 * @throws CliError when `PORT` is set but no port number.
 */
export function servePort(
  flag: number | undefined,
  env: Record<string, string | undefined>,
): number {
  if (flag !== undefined) return flag;
  const text = env.PORT?.trim();
  if (!text) return DEFAULT_SERVE_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new CliError({
      code: "USAGE",
      message: `PORT: expected a port number from 0 to 65535, got ${JSON.stringify(env.PORT)} (example: PORT=8080, or --port 8080, which wins over PORT)`,
    });
  }
  return port;
}
