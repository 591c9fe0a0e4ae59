import { describe, expect, it } from "vitest";
import { debugNamesTinyloop } from "./debug-variable.js";

describe("debugNamesTinyloop", () => {
  it("reads DEBUG as the debug package does", () => {
    for (const on of ["tinyloop", "*", "tinyloop*", "mcp,tinyloop", "express:* tinyloop"])
      expect(debugNamesTinyloop(on), on).toBe(true);
    for (const off of [undefined, "", "express:*", "tiny", "*,-tinyloop", "tinyloop:x"])
      expect(debugNamesTinyloop(off), off).toBe(false);
  });
});
