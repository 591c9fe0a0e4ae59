import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

const src = dirname(fileURLToPath(import.meta.url));

/** The package's source modules (tests and fixtures left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("lazySchema", () => {
  it("builds the schema on the first call only, then returns the same one", () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return z.object({ id: z.string() });
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
    expect(first.parse({ id: "a" })).toEqual({ id: "a" });
  });

  it("no module builds a zod schema at import (top-level `z.…` outside a function)", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        // A statement at column 0 whose value starts with `z` runs when the module loads.
        if (/^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=]+)?\s*=\s*z(?:\s*$|[.(])/.test(line))
          offenders.push(`${file.slice(src.length + 1)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(sourceFiles(src).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
