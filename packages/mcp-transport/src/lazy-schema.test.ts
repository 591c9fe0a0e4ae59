import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configSchemas } from "./config-schema.js";
import { serverConfigSchema, stdioServerConfigSchema } from "./index.js";
import { lazySchema } from "./lazy-schema.js";

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("lazySchema", () => {
  it("builds on the first call only", () => {
    let builds = 0;
    const schema = lazySchema(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
  });

  it("the exported schema constants are the lazy schemas, built", () => {
    expect(stdioServerConfigSchema).toBe(configSchemas.stdio());
    expect(serverConfigSchema).toBe(configSchemas.server());
    expect(stdioServerConfigSchema.parse({ command: "node" })).toEqual({ command: "node" });
  });

  it("no module but the exported constants' builds a zod schema at import", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      if (file.endsWith("config-schema-constants.ts")) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (
            /^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=]+)?\s*=\s*z(?:\s*$|[.(])/.test(line)
          )
            offenders.push(`${file.slice(src.length + 1)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(sourceFiles(src).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
