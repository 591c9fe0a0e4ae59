import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportGraph } from "../__fixtures__/static-import-graph.js";
import * as root from "../index.js";
import * as presets from "./index.js";

const here = dirname(fileURLToPath(import.meta.url));

describe("the presets entry", () => {
  it("loads the presets, the format names and the error class, no adapter, parser, HTTP or stream code", async () => {
    const { files, packages } = await staticImportGraph(join(here, "index.ts"));
    const names = [...files].map((file) => file.slice(join(here, "..").length + 1)).sort();
    expect(names).toEqual([
      "inference-error.ts",
      "openai-compatible/presets.ts",
      "presets/index.ts",
      "provider-key-variables.ts",
      "reasoning/read-reasoning-setting.ts",
      "text-tool-calls/format-names.ts",
    ]);
    expect([...packages]).toEqual(["@tinyloop/errors"]); // dependency-free
  });

  it("offers the same presets and format names as the root entry", () => {
    expect(presets.providerPresets).toBe(root.providerPresets);
    expect(presets.TEXT_TOOL_CALL_FORMATS).toBe(root.TEXT_TOOL_CALL_FORMATS);
    expect(presets.resolvePreset("groq").baseURL).toBe("https://api.groq.com/openai/v1");
  });
});
