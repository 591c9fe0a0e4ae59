import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { tarballProblems } from "./tarball-problems.js";
import type { Manifest } from "./workspace-packages.js";

function unpacked(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-unpacked-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const manifest: Manifest = {
  name: "@tinyloop/example",
  version: "0.0.0",
  exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
};

describe("tarballProblems", () => {
  it("accepts a package whose exports exist and whose maps name shipped sources", () => {
    const dir = unpacked({
      "dist/index.js": "export {}",
      "dist/index.d.ts": "export {}",
      "dist/index.js.map": JSON.stringify({ sources: ["../src/index.ts"] }),
      "src/index.ts": "export {}",
    });
    expect(tarballProblems(dir, manifest)).toEqual([]);
  });

  it("names a missing export target, a map whose source is missing, and a shipped test", () => {
    const dir = unpacked({
      "dist/index.js": "export {}",
      "dist/index.js.map": JSON.stringify({ sources: ["../src/index.ts"] }),
      "src/index.test.ts": "",
    });
    expect(tarballProblems(dir, manifest)).toEqual([
      "@tinyloop/example: exports/bin point at ./dist/index.d.ts, which is not in the tarball",
      "@tinyloop/example: dist/index.js.map names the source ../src/index.ts, which is not in the tarball",
      "@tinyloop/example: ships the test file src/index.test.ts",
    ]);
  });
});
