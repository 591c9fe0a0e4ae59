import { describe, expect, it } from "vitest";
import { configSchemas } from "./config-schema.js";
import { serverConfigSchema, stdioServerConfigSchema } from "./index.js";

describe("the config schema constants", () => {
  it("the exported schema constants are the lazy schemas, built", () => {
    expect(stdioServerConfigSchema).toBe(configSchemas.stdio());
    expect(serverConfigSchema).toBe(configSchemas.server());
    expect(stdioServerConfigSchema.parse({ command: "node" })).toEqual({ command: "node" });
  });
});
