import { describe, expect, it } from "vitest";
import { EventChannel } from "./event-channel.js";

async function drain<T>(channel: EventChannel<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of channel) out.push(item);
  return out;
}

describe("EventChannel", () => {
  it("delivers items pushed before and while iterating, in order, until close", async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const drained = drain(channel);
    channel.push(2);
    await Promise.resolve();
    setTimeout(() => {
      channel.push(3);
      channel.close();
    }, 5);
    expect(await drained).toEqual([1, 2, 3]);
  });

  it("still hands out what was queued before close, and ignores pushes after it", async () => {
    const channel = new EventChannel<string>();
    channel.push("a");
    channel.push("b");
    channel.close();
    channel.push("late");
    expect(await drain(channel)).toEqual(["a", "b"]);
  });
});
