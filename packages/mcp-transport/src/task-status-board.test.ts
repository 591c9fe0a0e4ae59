import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { TaskStatusBoard } from "./task-status-board.js";

function task(taskId: string, status: Task["status"] = "completed"): Task {
  return {
    taskId,
    status,
    ttl: null,
    createdAt: "2026-01-01T00:00:00Z",
    lastUpdatedAt: "2026-01-01T00:00:00Z",
  };
}

const LONG = 600_000;

describe("TaskStatusBoard", () => {
  it("wakes a call waiting on its task with the notified state", async () => {
    const board = new TaskStatusBoard();
    const stop = new AbortController();
    const waiting = board.waitFor("a", LONG, stop.signal);
    board.notify(task("b")); // another task's state does not wake it
    board.notify(task("a", "working"));
    await expect(waiting).resolves.toMatchObject({ taskId: "a", status: "working" });
  });

  it("keeps a state notified before the call waits, once", async () => {
    const board = new TaskStatusBoard();
    const stop = new AbortController();
    board.notify(task("a", "working"));
    board.notify(task("a", "completed"));
    await expect(board.waitFor("a", LONG, stop.signal)).resolves.toMatchObject({
      status: "completed",
    });
    await expect(board.waitFor("a", 1, stop.signal)).resolves.toBeUndefined();
  });

  it("keeps the latest 128 tasks' states, dropping the oldest", async () => {
    const board = new TaskStatusBoard();
    const stop = new AbortController();
    for (let i = 0; i <= 128; i++) board.notify(task(`t${i}`));
    await expect(board.waitFor("t0", 1, stop.signal)).resolves.toBeUndefined();
    await expect(board.waitFor("t1", LONG, stop.signal)).resolves.toMatchObject({ taskId: "t1" });
    await expect(board.waitFor("t128", LONG, stop.signal)).resolves.toMatchObject({
      taskId: "t128",
    });
  });

  it("forgets a task whose call is over, and rejects a wait that is stopped", async () => {
    const board = new TaskStatusBoard();
    const stop = new AbortController();
    board.notify(task("a"));
    board.forget("a");
    await expect(board.waitFor("a", 1, stop.signal)).resolves.toBeUndefined();
    const waiting = board.waitFor("a", LONG, stop.signal);
    stop.abort(new Error("timeout"));
    await expect(waiting).rejects.toThrow("timeout");
  });
});
