import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The scripted model server's process entry, next to the subpath's built index. */
const modelServerBin = fileURLToPath(
  new URL("./bin.js", import.meta.resolve("@tinyloop/test-fixtures/model-server")),
);

const running = new Set<ChildProcess>();

/** Kills every model server still running (for the harness's own Ctrl+C). */
export function killModelServers(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** A scripted model server running as its own process, outside the measured tree. */
export interface ModelServerProcess {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Stops the server and resolves once it exited. */
  stop(): Promise<void>;
}

/** One request as the server's `--requests-log` records it (the fields the bench reads). */
export interface LoggedRequest {
  index: number;
  status: number;
  turn: number | undefined;
  body: unknown;
}

/**
 * Starts `dist/model-server/bin.js --script FILE --port 0` as a separate process, so its
 * work is not counted in any contender's tree and the harness's /proc sampling cannot
 * delay its answers. With `requestsLog`, every request is appended to that file (slow on
 * long runs, so the bench only asks for it in the validation run).
 */
export async function startModelServerProcess(
  scriptPath: string,
  requestsLog?: string,
): Promise<ModelServerProcess> {
  const args = [modelServerBin, "--script", scriptPath, "--port", "0"];
  if (requestsLog) args.push("--requests-log", requestsLog);
  // Its own session: under load it gets its own CPU share, not one shared with a contender.
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const match = /^(http:\/\/\S+)\n/m.exec(buffered);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) =>
      reject(new Error(`scripted model server exited with ${code} before listening: ${stderr}`)),
    );
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Reads a `--requests-log` file. */
export function readRequestsLog(path: string): LoggedRequest[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedRequest);
}
