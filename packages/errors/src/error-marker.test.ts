import { describe, expect, it } from "vitest";
import { errorMarker, hasErrorMarker, markErrorClass } from "./error-marker.js";

class SampleError extends Error {}
class OtherError extends Error {}

describe("error markers", () => {
  it("are the global symbol tinyloop.<package>.<ClassName>, the same in every copy", () => {
    expect(errorMarker("registry", "RegistryError")).toBe(
      Symbol.for("tinyloop.registry.RegistryError"),
    );
    expect(errorMarker("registry", "RegistryError")).not.toBe(
      errorMarker("agent-loop", "RegistryError"),
    );
  });

  it("mark a class's instances, and only them, without an enumerable key", () => {
    const marker = errorMarker("errors-test", "SampleError");
    markErrorClass(SampleError, marker);
    const error = new SampleError("x");
    expect(hasErrorMarker(error, marker)).toBe(true);
    expect(Object.keys(error)).toEqual([]);
    expect(hasErrorMarker(new OtherError("y"), marker)).toBe(false);
    for (const other of [new Error("plain"), {}, null, undefined, "x", 1]) {
      expect(hasErrorMarker(other, marker)).toBe(false);
    }
  });

  it("know an instance of a second copy of the class, where instanceof does not", () => {
    const marker = errorMarker("errors-test", "CopiedError");
    const makeCopy = () => {
      class CopiedError extends Error {}
      markErrorClass(CopiedError, errorMarker("errors-test", "CopiedError"));
      return CopiedError;
    };
    const [first, second] = [makeCopy(), makeCopy()];
    const fromSecond = new second("z");
    expect(fromSecond).not.toBeInstanceOf(first);
    expect(hasErrorMarker(fromSecond, marker)).toBe(true);
  });
});
