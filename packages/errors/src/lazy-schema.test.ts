import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { lazySchema } from "./lazy-schema.js";

describe("lazySchema", () => {
  it("builds the schema on the first call only, then returns the same one", () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return z.object({ id: z.string() });
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
    expect(first.parse({ id: "a" })).toEqual({ id: "a" });
  });
});
