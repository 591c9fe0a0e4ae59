import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnBatchWorker } from "./batch-worker-process.js";

const script = fileURLToPath(new URL("./__fixtures__/batch-gone-process.ts", import.meta.url));
const nodeArgs = ["--import", "tsx", "--conditions=@tinyloop/source", script];

describe("spawnBatchWorker and onBatchGone (real processes)", () => {
  it("hands over the database URL in the environment, not argv; the worker learns when its batch is gone", async () => {
    const url = "postgresql://u:hunter2@127.0.0.1:5432/runs";
    const child = spawnBatchWorker({
      command: process.execPath,
      args: [...nodeArgs, "worker"],
      databaseUrl: url,
    });
    let stderr = "";
    const firstLine = new Promise<void>((shown) =>
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("\n")) shown();
      }),
    );
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    await firstLine;
    expect(JSON.parse(stderr.split("\n")[0] as string)).toEqual({
      watching: true,
      url,
      argv: ["worker"],
    });
    child.disconnect(); // as when the batch's process ends, however
    expect(await exited).toBe(0);
    expect(stderr.trim().split("\n").at(-1)).toBe("gone");
  }, 30_000);

  it("in a process no batch started, onBatchGone says so and never calls back", () => {
    const run = spawnSync(process.execPath, nodeArgs, { encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stderr.split("\n")[0] as string)).toMatchObject({ watching: false });
    expect(run.stderr).not.toContain("gone");
  });
});
