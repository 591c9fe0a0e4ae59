import { execa, type ResultPromise } from "execa";
import { cliBin, stderrShows } from "./cli-harness.js";

/** A running `tinyloop serve` of an end-to-end test, with what it printed at start. */
export interface ServeProcess {
  child: ResultPromise;
  /** The origin of its API (`http://127.0.0.1:PORT`; the OpenAI endpoint is under `/v1`). */
  url: string;
  /** The key it printed; unset when the key came from the environment (it is not printed). */
  key: string | undefined;
  /** The `/mcp` URL it printed (with `--mcp`). */
  mcpUrl: string | undefined;
  stderr: () => string;
}

/**
 * Starts the built CLI's `tinyloop serve ARGS --port 0` in `cwd` and waits for its start
 * lines. `track` gets the child before the wait, so the caller's cleanup stops it even when
 * the start fails.
 */
export async function startServeProcess(
  cwd: string,
  args: string[],
  track: (child: ResultPromise) => void,
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const child = execa(process.execPath, [cliBin, "serve", ...args, "--port", "0"], {
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
  return {
    child,
    url,
    key: /#key=(\S+)/.exec(stderr)?.[1],
    mcpUrl: /MCP\s+(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1],
    stderr: () => stderr,
  };
}
