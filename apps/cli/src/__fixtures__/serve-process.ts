import { execa, type ResultPromise } from "execa";
import { cliBin, stderrShows } from "./cli-harness.js";

/** A running `tinyloop serve` of an end-to-end test, with what it printed at start. */
export interface ServeProcess {
  child: ResultPromise;
  /** The origin of its API (`http://127.0.0.1:PORT`; the OpenAI endpoint is under `/v1`). */
  url: string;
  /**
   * The key clients send: the one it printed, else (a key from `--api-key-env`, which is never
   * printed) the variable's value in the test's `env`; unset when neither is known.
   */
  key: string | undefined;
  /** The `/mcp` URL it printed (with `--mcp`). */
  mcpUrl: string | undefined;
  stderr: () => string;
}

/**
 * Starts the built CLI's `tinyloop serve ARGS` in `cwd` on a free port (`--port 0`, unless ARGS
 * or a `PORT` in `env` name one) and waits for its start lines. `track` gets the child before
 * the wait, so the caller's cleanup stops it even when the start fails.
 */
export async function startServeProcess(
  cwd: string,
  args: string[],
  track: (child: ResultPromise) => void,
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const port = args.includes("--port") || env.PORT ? [] : ["--port", "0"];
  const child = execa(process.execPath, [cliBin, "serve", ...args, ...port], {
    cwd,
    env: { NO_COLOR: "1", ...env },
    reject: false,
    stdin: "ignore",
  });
  track(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await stderrShows(child, "Ctrl+C or SIGTERM stops");
  const url = /API\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stderr)?.[1];
  if (!url) throw new Error(`serve printed no URL:\n${stderr}`);
  const keyVariable = args.includes("--api-key-env")
    ? args[args.indexOf("--api-key-env") + 1]
    : undefined;
  return {
    child,
    url,
    key: /#key=(\S+)/.exec(stderr)?.[1] ?? (keyVariable ? env[keyVariable] : undefined),
    mcpUrl: /MCP\s+(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1],
    stderr: () => stderr,
  };
}

/**
 * {@link startServeProcess} for tests that need the key: added to `running` (the test file's
 * clean-up list), and failing when no key is known.
 */
export async function startServeIn(
  cwd: string,
  running: ResultPromise[],
  args: string[],
  env: Record<string, string> = {},
): Promise<ServeProcess & { key: string }> {
  const serve = await startServeProcess(cwd, args, (child) => running.push(child), env);
  const { key } = serve;
  if (key === undefined) throw new Error(`serve printed no key:\n${serve.stderr()}`);
  return { ...serve, key };
}
