import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  httpServerConfigSchema,
  type StdioServerConfig,
  serverConfigSchema,
  stdioServerConfigSchema,
  timeoutsSchema,
} from "./index.js";

// The exported schemas are zod/mini schemas. A user of classic zod must still be able to
// build on them: nest them, make them optional, extend their shape, and infer types.

describe("the exported schemas in a classic zod program", () => {
  it("nest in a classic z.object and parse with its messages", () => {
    const file = z.object({
      name: z.string(),
      server: stdioServerConfigSchema,
      other: z.optional(httpServerConfigSchema),
    });
    const parsed = file.parse({ name: "a", server: { command: "node", args: ["s.js"] } });
    expect(parsed).toEqual({ name: "a", server: { command: "node", args: ["s.js"] } });
    expectTypeOf(parsed.server).toEqualTypeOf<StdioServerConfig>();

    const bad = file.safeParse({ name: "a", server: { command: "" }, other: { url: 5 } });
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["server.command", "Too small: expected string to have >=1 characters"],
      ["other.url", "Invalid input: expected string, received number"],
    ]);
  });

  it("take the place of chained .optional() and .extend()", () => {
    const withTimeouts = z.object({ timeouts: z.optional(timeoutsSchema) });
    expect(withTimeouts.parse({})).toEqual({});
    expect(withTimeouts.safeParse({ timeouts: { connectMs: -1 } }).success).toBe(false);

    const extended = z.strictObject({ ...stdioServerConfigSchema.shape, label: z.string() });
    expect(extended.parse({ command: "node", label: "mine" })).toEqual({
      command: "node",
      label: "mine",
    });
    expect(extended.safeParse({ command: "node", label: "x", nope: 1 }).success).toBe(false);
  });

  it("work in a classic z.union and z.array, with z.infer", () => {
    const list = z.array(serverConfigSchema);
    const servers: z.infer<typeof list> = list.parse([
      { command: "node" },
      { url: "https://e.com" },
    ]);
    expect(servers).toHaveLength(2);
  });
});
