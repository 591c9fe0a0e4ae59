import { describe, expect, it } from "vitest";
import type { RegistrationReport } from "./registration-report.js";
import { type SyncOutcome, SyncQueue } from "./sync-queue.js";

/** A sync run the test finishes by hand; `started` resolves when the queue starts it. */
interface HeldRun {
  started: Promise<void>;
  finish: (outcome: SyncOutcome) => void;
  fail: (error: Error) => void;
}

/** A queue whose every run is held until the test finishes it, in the order they start. */
function heldQueue(): { queue: SyncQueue; runs: HeldRun[] } {
  const runs: HeldRun[] = [];
  const starts: Array<() => void> = [];
  const nextStart = () => {
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    return { started, markStarted };
  };
  // Each run is prepared ahead, so a test can await `started` before the queue gets there.
  const prepare = () => {
    const { started, markStarted } = nextStart();
    starts.push(markStarted);
    runs.push({ started, finish: () => {}, fail: () => {} });
  };
  prepare();
  let index = 0;
  const queue = new SyncQueue(() => {
    const run = runs[index] as HeldRun;
    const markStarted = starts[index] as () => void;
    index++;
    prepare();
    return new Promise<SyncOutcome>((resolve, reject) => {
      run.finish = resolve;
      run.fail = reject;
      markStarted();
    });
  });
  return { queue, runs };
}

function outcome(server: string, listFailure?: Error): SyncOutcome {
  const report: RegistrationReport = { server, registered: [], skipped: [], warnings: [] };
  return { report, listFailure };
}

describe("SyncQueue", () => {
  it("idle → waiting on a request → running once started → idle once settled", async () => {
    const { queue, runs } = heldQueue();
    expect(queue.state).toEqual({ kind: "idle" });
    const job = queue.request();
    expect(queue.state).toEqual({ kind: "waiting", waiting: job });
    expect(job.announced).toBe(false);
    await runs[0]?.started;
    expect(queue.state).toEqual({ kind: "running", running: job });
    const done = outcome("a");
    runs[0]?.finish(done);
    expect(await job.outcome).toBe(done);
    expect(await job.report).toBe(done.report);
    await job.outcome.then(() => undefined); // the settle step runs right behind the outcome
    expect(queue.state).toEqual({ kind: "idle" });
  });

  it("a request while one waits joins it: both triggers share one listing", async () => {
    const { queue, runs } = heldQueue();
    const first = queue.request();
    const second = queue.request();
    expect(second).toBe(first);
    await runs[0]?.started;
    runs[0]?.finish(outcome("a"));
    await first.outcome;
    await first.outcome.then(() => undefined);
    expect(queue.state).toEqual({ kind: "idle" });
    expect(runs).toHaveLength(2); // one run made, the next one only prepared
  });

  it("running → running+waiting on a request; further requests join the waiting job, which starts after", async () => {
    const { queue, runs } = heldQueue();
    const running = queue.request();
    await runs[0]?.started;
    const waiting = queue.request();
    expect(waiting).not.toBe(running);
    expect(queue.state).toEqual({ kind: "running+waiting", running, waiting });
    expect(queue.request()).toBe(waiting);
    runs[0]?.finish(outcome("first"));
    await running.outcome;
    await runs[1]?.started;
    expect(queue.state).toEqual({ kind: "running", running: waiting });
    runs[1]?.finish(outcome("second"));
    expect((await waiting.report).server).toBe("second");
    await waiting.outcome.then(() => undefined);
    expect(queue.state).toEqual({ kind: "idle" });
  });

  it("a sync that rejects still lets the waiting one run, and its report rejects too", async () => {
    const { queue, runs } = heldQueue();
    const failing = queue.request();
    await runs[0]?.started;
    const next = queue.request();
    runs[0]?.fail(new Error("listing broke"));
    await expect(failing.outcome).rejects.toThrow("listing broke");
    await expect(failing.report).rejects.toThrow("listing broke");
    await runs[1]?.started;
    expect(queue.state).toEqual({ kind: "running", running: next });
    runs[1]?.finish(outcome("after", new Error("server away")));
    const result = await next.outcome;
    expect(result.listFailure?.message).toBe("server away");
  });

  it("a dropped report of a rejected sync is no unhandled rejection", async () => {
    const { queue, runs } = heldQueue();
    const job = queue.request(); // nobody awaits job.report
    await runs[0]?.started;
    runs[0]?.fail(new Error("nobody listens"));
    await job.outcome.catch(() => undefined);
    // Vitest fails the run on an unhandled rejection; a second sync shows the queue goes on.
    const next = queue.request();
    await runs[1]?.started;
    runs[1]?.finish(outcome("b"));
    expect((await next.report).server).toBe("b");
  });
});
