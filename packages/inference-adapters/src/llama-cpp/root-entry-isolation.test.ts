import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Every module the root entry reaches through static imports, and the bare packages they name. */
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
      const specifier = match[1] as string;
      if (/^import\s+type\s/.test(match[0].trim())) continue;
      if (specifier.startsWith("."))
        pending.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

describe("the package root entry", () => {
  it("never loads node-llama-cpp or the llama-cpp subpath", async () => {
    const { files, packages } = await staticImportGraph(join(src, "index.ts"));
    expect(files.size).toBeGreaterThan(3);
    expect([...packages]).not.toContain("node-llama-cpp");
    expect([...files].filter((f) => f.includes(`${join(src, "llama-cpp")}`))).toEqual([]);
  });

  it("the subpath imports node-llama-cpp only dynamically", async () => {
    const { packages } = await staticImportGraph(join(src, "llama-cpp", "index.ts"));
    expect([...packages]).not.toContain("node-llama-cpp");
    const loader = await readFile(join(src, "llama-cpp", "load-node-llama-cpp.ts"), "utf8");
    expect(loader).toMatch(/import\(specifier\)/);
  });
});
