import { execa, type ResultPromise } from "execa";
import { cliBin, stderrShows } from "./cli-harness.js";

/** A running `tinyloop serve`: its process, the URL and key it printed, its stderr so far. */
export interface ServeProcess {
  child: ResultPromise;
  url: string;
  key: string;
  stderr: () => string;
}

/**
 * Starts `tinyloop serve ARGS` in `cwd` (added to `running`, for the test file's clean-up) on
 * a free port (`--port 0`, unless ARGS or a `PORT` in `env` name one) and reads the URL and key
 * it prints. A key from `--api-key-env` is not printed: it is taken from `env`.
 */
export async function startServeIn(
  cwd: string,
  running: ResultPromise[],
  args: string[],
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const port = args.includes("--port") || env.PORT ? [] : ["--port", "0"];
  const child = execa(process.execPath, [cliBin, "serve", ...args, ...port], {
    cwd,
    env: { NO_COLOR: "1", ...env },
    reject: false,
    stdin: "ignore",
  });
  running.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await stderrShows(child, "Ctrl+C or SIGTERM stops");
  const url = /API\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stderr)?.[1];
  const keyVariable = args[args.indexOf("--api-key-env") + 1];
  const key =
    /#key=(\S+)/.exec(stderr)?.[1] ??
    (args.includes("--api-key-env") && keyVariable ? env[keyVariable] : undefined);
  if (!url || !key) throw new Error(`serve printed no URL or key:\n${stderr}`);
  return { child, url, key, stderr: () => stderr };
}
