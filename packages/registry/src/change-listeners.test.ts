import { describe, expect, it } from "vitest";
import { ChangeListeners, type ListenerFailure } from "./change-listeners.js";
import type { RegistryChange } from "./types.js";

const change: RegistryChange = { type: "registered", names: ["a"], version: 1 };

describe("ChangeListeners", () => {
  it("without a handler rethrows one error as is and several as an AggregateError", () => {
    const one = new ChangeListeners();
    const seen: string[] = [];
    one.add(() => {
      throw new Error("first broke");
    });
    one.add(() => seen.push("second"));
    expect(() => one.notify(change)).toThrow("first broke");
    expect(seen).toEqual(["second"]);

    const two = new ChangeListeners();
    two.add(() => {
      throw new Error("a");
    });
    two.add(() => {
      throw new Error("b");
    });
    let thrown: unknown;
    try {
      two.notify(change);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      "a",
      "b",
    ]);
  });

  it("with a handler hands it every error with its change and throws nothing", () => {
    const failures: ListenerFailure[] = [];
    const listeners = new ChangeListeners((failure) => failures.push(failure));
    const broken = new Error("broken");
    listeners.add(() => {
      throw broken;
    });
    listeners.add(() => {
      throw "a string";
    });
    expect(() => listeners.notify(change)).not.toThrow();
    expect(failures).toEqual([
      { error: broken, change },
      { error: "a string", change },
    ]);
  });

  it("unsubscribes only the subscription it was returned for", () => {
    const listeners = new ChangeListeners();
    let count = 0;
    const listener = () => {
      count++;
    };
    const off = listeners.add(listener);
    listeners.add(listener);
    listeners.notify(change);
    off();
    listeners.notify(change);
    expect(count).toBe(3);
  });
});
