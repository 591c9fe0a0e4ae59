import { describe, expect, it } from "vitest";
import { ToolsChangedListeners } from "./tools-changed-listeners.js";

describe("ToolsChangedListeners", () => {
  it("tells every listener in order, logs one that throws and still tells the rest", () => {
    const logged: string[] = [];
    const told: string[] = [];
    const listeners = new ToolsChangedListeners((line) => logged.push(line));
    listeners.add(() => told.push("first"));
    listeners.add(() => {
      throw new Error("boom");
    });
    listeners.add(() => told.push("third"));
    listeners.emit();
    expect(told).toEqual(["first", "third"]);
    expect(logged).toEqual(["onToolsListChanged listener threw: Error: boom"]);
  });

  it("stops telling a listener once it is removed", () => {
    const listeners = new ToolsChangedListeners(() => {});
    let calls = 0;
    const remove = listeners.add(() => calls++);
    listeners.emit();
    remove();
    listeners.emit();
    expect(calls).toBe(1);
  });
});
