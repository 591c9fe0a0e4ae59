import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { publishablePackages, repoRoot } from "./workspace-packages.js";

/**
 * Issue 13's start-up rule, held for every published package: no zod schema is built when a
 * module loads. A top-level `const x = z.…` runs in every program that imports the module,
 * used or not; schemas are built on first use instead (each package's `lazySchema`).
 */

/** A statement at column 0 whose value starts with `z`: it runs when the module loads. */
const SCHEMA_AT_IMPORT =
  /^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=]+)?\s*=\s*z(?:\s*$|[.(])/;

/** A package's source modules, tests and fixtures left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("no zod schema built at import", () => {
  const files = publishablePackages().flatMap(({ dir }) => sourceFiles(join(dir, "src")));

  it("finds the source of every published package", () => {
    expect(files.some((file) => file.includes("agent-files"))).toBe(true);
    expect(files.some((file) => file.includes("mcp-transport"))).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it("the pattern catches a schema built at import, and only that", () => {
    expect(SCHEMA_AT_IMPORT.test("const entry = z.object({")).toBe(true);
    expect(SCHEMA_AT_IMPORT.test("export const entry: z.ZodType = z")).toBe(true);
    expect(SCHEMA_AT_IMPORT.test("const entry = lazySchema(() => z.object({")).toBe(false);
    expect(SCHEMA_AT_IMPORT.test("  const entry = z.object({")).toBe(false);
  });

  it("no module of any published package builds one", () => {
    const offenders: string[] = [];
    for (const file of files) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (SCHEMA_AT_IMPORT.test(line))
            offenders.push(`${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
