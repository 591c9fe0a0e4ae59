import { describe, expect, it } from "vitest";
import { modelNameFor } from "./model-name.js";

describe("modelNameFor", () => {
  it("turns a name into an id /v1/models can list", () => {
    expect(modelNameFor("research")).toBe("research");
    expect(modelNameFor("My Agent (v2)")).toBe("My-Agent-v2");
    expect(modelNameFor(".hidden.")).toBe("hidden");
    expect(modelNameFor("a".repeat(100))).toHaveLength(64);
  });

  it("falls back to tinyloop-agent when nothing usable is left", () => {
    expect(modelNameFor(undefined)).toBe("tinyloop-agent");
    expect(modelNameFor("")).toBe("tinyloop-agent");
    expect(modelNameFor("(((")).toBe("tinyloop-agent");
  });
});
