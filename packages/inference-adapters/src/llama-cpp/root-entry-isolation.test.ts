import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportGraph } from "../__fixtures__/static-import-graph.js";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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
