import { describe, expect, it } from "vitest";
import { configSchemas } from "./config-schema.js";
import { serverConfigSchema, stdioServerConfigSchema } from "./index.js";
import { lazySchema } from "./lazy-schema.js";

describe("lazySchema", () => {
  it("builds on the first call only", () => {
    let builds = 0;
    const schema = lazySchema(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
  });

  it("the exported schema constants are the lazy schemas, built", () => {
    expect(stdioServerConfigSchema).toBe(configSchemas.stdio());
    expect(serverConfigSchema).toBe(configSchemas.server());
    expect(stdioServerConfigSchema.parse({ command: "node" })).toEqual({ command: "node" });
  });
});
