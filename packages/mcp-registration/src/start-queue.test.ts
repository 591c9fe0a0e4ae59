import { describe, expect, it } from "vitest";
import { StartQueue } from "./start-queue.js";

describe("StartQueue", () => {
  it("runs at most `limit` starts at once, the rest in order as places free, each told it waits", async () => {
    const queue = new StartQueue(2);
    const releases: Array<() => void> = [];
    const log: string[] = [];
    let live = 0;
    let most = 0;
    const starts = ["a", "b", "c", "d", "e"].map((name) =>
      queue.run(
        () => {
          live++;
          most = Math.max(most, live);
          log.push(`start ${name}`);
          return new Promise<string>((resolve) =>
            releases.push(() => {
              live--;
              resolve(name);
            }),
          );
        },
        () => log.push(`wait ${name}`),
      ),
    );
    await Promise.resolve();
    expect(log).toEqual(["start a", "start b", "wait c", "wait d", "wait e"]);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(starts)).toEqual(["a", "b", "c", "d", "e"]);
    expect(log.slice(5)).toEqual(["start c", "start d", "start e"]);
    expect(most).toBe(2);
  });

  it("a start that fails frees its place too", async () => {
    const queue = new StartQueue(1);
    const failed = queue.run(
      () => Promise.reject(new Error("no")),
      () => {},
    );
    const next = queue.run(
      () => Promise.resolve("ran"),
      () => {},
    );
    await expect(failed).rejects.toThrow("no");
    expect(await next).toBe("ran");
  });
});
