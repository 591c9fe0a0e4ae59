import { describe, expect, it } from "vitest";
import { RegistryError } from "./registry-error.js";

describe("RegistryError", () => {
  it("carries code, message and cause", () => {
    const cause = new Error("root");
    const error = new RegistryError({ code: "NAME_TAKEN", message: "taken", cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("RegistryError");
    expect(error.code).toBe("NAME_TAKEN");
    expect(error.message).toBe("taken");
    expect(error.cause).toBe(cause);
  });

  it("is recognised by isInstance through the Symbol.for marker, not the class identity", () => {
    const foreign = new Error("from another copy");
    Object.defineProperty(foreign, Symbol.for("tinyloop.registry.RegistryError"), {
      value: true,
    });
    expect(RegistryError.isInstance(foreign)).toBe(true);
    expect(RegistryError.isInstance(new Error("plain"))).toBe(false);
    expect(RegistryError.isInstance(null)).toBe(false);
    expect(RegistryError.isInstance("NAME_TAKEN")).toBe(false);
  });
});
