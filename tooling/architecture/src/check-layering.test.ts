import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkLayering } from "./check-layering.js";
import type { Layers } from "./layers.js";

// A small repository with the real rules: `high` may use `low`, `low` uses nothing, and
// `fixtures` is test tooling. Each case adds one bad file and expects the check to name it.
const layers: Layers = {
  testTooling: ["fixtures"],
  packages: {
    high: { dir: "packages/high", uses: ["low"] },
    low: { dir: "packages/low", uses: [] },
    fixtures: { dir: "tooling/fixtures", uses: [] },
  },
};

let root: string;

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function definePackage(key: string, dir: string) {
  write(
    `${dir}/package.json`,
    JSON.stringify({
      name: `@tinyloop/${key}`,
      type: "module",
      exports: { ".": { "@tinyloop/source": "./src/index.ts", import: "./dist/index.js" } },
    }),
  );
  mkdirSync(join(root, "node_modules/@tinyloop"), { recursive: true });
  symlinkSync(join(root, dir), join(root, "node_modules/@tinyloop", key), "dir");
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "layering-"));
  for (const [key, layer] of Object.entries(layers.packages)) definePackage(key, layer.dir);
  write("packages/low/src/index.ts", "export const low = 1;\n");
  write("packages/low/src/inner.ts", "export const inner = 2;\n");
  write(
    "packages/high/src/index.ts",
    'import { low } from "@tinyloop/low";\nexport const high = low + 1;\n',
  );
  write("tooling/fixtures/src/index.ts", "export const fixture = 3;\n");
  write(
    "packages/low/src/index.test.ts",
    'import { fixture } from "@tinyloop/fixtures";\nexport const used = fixture;\n',
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const rulesBroken = async () => (await checkLayering(root, layers)).map((problem) => problem.rule);

describe("checkLayering", () => {
  it("passes a tree that keeps to the DAG", async () => {
    expect(await checkLayering(root, layers)).toEqual([]);
  });

  it("fails on an import against the arrows", async () => {
    write("packages/low/src/up.ts", 'import { high } from "@tinyloop/high";\nexport { high };\n');
    expect(await rulesBroken()).toEqual(["low-uses"]);
  });

  it("fails on a type-only import against the arrows", async () => {
    write(
      "packages/low/src/up.ts",
      'import type { high } from "@tinyloop/high";\nexport type H = typeof high;\n',
    );
    expect(await rulesBroken()).toEqual(["low-uses"]);
  });

  it("fails when library source imports test tooling, which its tests may", async () => {
    write("packages/low/src/uses-fixture.ts", 'export { fixture } from "@tinyloop/fixtures";\n');
    expect(await rulesBroken()).toEqual(["low-uses"]);
  });

  it("fails when a test imports a package above its own", async () => {
    write(
      "packages/low/src/up.test.ts",
      'import { high } from "@tinyloop/high";\nexport { high };\n',
    );
    expect(await rulesBroken()).toEqual(["low-tests-use"]);
  });

  it("fails on a package that pnpm does not link, because package.json does not declare it", async () => {
    const withLoose: Layers = {
      ...layers,
      packages: { ...layers.packages, loose: { dir: "packages/loose", uses: [] } },
    };
    write("packages/loose/src/index.ts", "export const loose = 4;\n");
    write("packages/low/src/up.ts", 'export { loose } from "@tinyloop/loose";\n');
    const rules = (await checkLayering(root, withLoose)).map((problem) => problem.rule);
    expect(rules.sort()).toEqual(["low-uses", "no-unresolvable-workspace-import"]);
  });

  it("fails on a relative path into another package's src/", async () => {
    write("packages/high/src/reach.ts", 'export { inner } from "../../low/src/inner.js";\n');
    expect(await rulesBroken()).toContain("high-relative-reach");
  });

  it("fails on a deep path the exports map refuses", async () => {
    write("packages/high/src/deep.ts", 'export { inner } from "@tinyloop/low/src/inner.ts";\n');
    expect(await rulesBroken()).toEqual(["no-unresolvable-workspace-import"]);
  });

  it("fails on a file-level cycle, also when one side imports only types", async () => {
    write(
      "packages/low/src/a.ts",
      'import type { B } from "./b.js";\nexport type A = { b?: B };\n',
    );
    write(
      "packages/low/src/b.ts",
      'import type { A } from "./a.js";\nexport type B = { a?: A };\n',
    );
    const problems = await checkLayering(root, layers);
    expect(problems.map((problem) => problem.rule)).toContain("no-cycle");
    expect(problems[0]?.text).toMatch(
      /packages\/low\/src\/(a|b)\.ts → .*packages\/low\/src\/(a|b)\.ts/,
    );
  });

  it("keeps failing when the source asks to be ignored in a comment", async () => {
    write(
      "packages/low/src/up.ts",
      '// dependency-cruiser-ignore depcruise-ignore eslint-disable\nimport { high } from "@tinyloop/high"; // depcruise-ignore-line\nexport { high };\n',
    );
    expect(await rulesBroken()).toEqual(["low-uses"]);
  });
});
