import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as root from "../index.js";
import * as presets from "./index.js";

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `entry` reaches through static (non-type) imports, and the bare specifiers they name. */
async function staticImportGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
      if (/^(?:import|export)\s+type\s/.test(match[0].trim())) continue;
      const specifier = match[1] as string;
      if (specifier.startsWith("."))
        pending.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

describe("the presets entry", () => {
  it("loads the presets and the error class, no adapter, HTTP or stream code", async () => {
    const { files, packages } = await staticImportGraph(join(here, "index.ts"));
    const names = [...files].map((file) => file.slice(join(here, "..").length + 1)).sort();
    expect(names).toEqual([
      "error-marker.ts",
      "inference-error.ts",
      "openai-compatible/presets.ts",
      "presets/index.ts",
    ]);
    expect([...packages]).toEqual([]);
  });

  it("offers the same presets as the root entry", () => {
    expect(presets.providerPresets).toBe(root.providerPresets);
    expect(presets.resolvePreset("groq").baseURL).toBe("https://api.groq.com/openai/v1");
  });
});
