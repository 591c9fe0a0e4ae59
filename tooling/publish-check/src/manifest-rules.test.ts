import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manifestProblems } from "./manifest-rules.js";

describe("manifestProblems", () => {
  it("lists every missing publishing field and the source condition left in published exports", () => {
    const dir = mkdtempSync(join(tmpdir(), "tinyloop-manifest-"));
    const problems = manifestProblems({
      dir,
      path: "packages/example",
      manifest: {
        name: "@tinyloop/example",
        version: "0.0.0",
        files: ["dist"],
        exports: { ".": { "@tinyloop/source": "./src/index.ts", import: "./dist/index.js" } },
      },
    });
    expect(problems).toEqual([
      'packages/example/package.json: "license" is missing (e.g. "MIT")',
      "packages/example/LICENSE is missing: copy the root LICENSE into the package folder",
      'packages/example/package.json: "files" should list "LICENSE"',
      'packages/example/package.json: "repository.directory" should be "packages/example", got undefined',
      'packages/example/package.json: "sideEffects" is missing (false, or the files that have side effects)',
      'packages/example/package.json: the published exports["."] still has the "@tinyloop/source" condition; list the exports without it under "publishConfig.exports"',
    ]);
  });

  it("accepts a complete manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), "tinyloop-manifest-"));
    writeFileSync(join(dir, "LICENSE"), "MIT");
    expect(
      manifestProblems({
        dir,
        path: "packages/example",
        manifest: {
          name: "@tinyloop/example",
          version: "0.0.0",
          license: "MIT",
          sideEffects: false,
          files: ["dist", "LICENSE"],
          repository: { type: "git", url: "x", directory: "packages/example" },
          exports: { ".": { "@tinyloop/source": "./src/index.ts", import: "./dist/index.js" } },
          publishConfig: { exports: { ".": { import: "./dist/index.js" } } },
        },
      }),
    ).toEqual([]);
  });
});
