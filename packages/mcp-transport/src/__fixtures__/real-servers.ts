import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { freePort } from "@tinyloop/test-fixtures";

const require = createRequire(import.meta.url);

/** Entry script of @modelcontextprotocol/server-everything in node_modules. */
export const everythingPath = require.resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
/** Entry script of @modelcontextprotocol/server-filesystem in node_modules. */
export const filesystemPath = require.resolve(
  "@modelcontextprotocol/server-filesystem/dist/index.js",
);

export { freePort };

/** Starts server-everything in an HTTP mode and resolves once it listens. */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
  env: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [everythingPath, mode], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (/port \d+/i.test(seen)) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`server-everything exited with ${code}: ${seen}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}${mode === "sse" ? "/sse" : "/mcp"}`,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
