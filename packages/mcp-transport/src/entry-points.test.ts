import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/** Every module reachable from `entry` through static imports (dynamic import() is not followed). */
function staticGraph(entry: string, { values = false } = {}): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = readFileSync(file, "utf8");
    seen.set(file, source);
    for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)\.js";/gms)) {
      // With `values`, type-only imports are not followed: they are erased from the build.
      if (values && /^(?:import|export)\s+type\s/.test(match[0])) continue;
      visit(normalize(join(dirname(file), `${match[1]}.ts`)));
    }
  };
  visit(entry);
  return seen;
}

describe("entry points", () => {
  it("the root entry does not statically load node:child_process or execa (they sit behind ./stdio)", () => {
    const graph = staticGraph(join(here, "index.ts"));
    expect(graph.size).toBeGreaterThan(5);
    const offenders = [...graph].filter(([, source]) =>
      /from\s+"(node:child_process|execa)"/.test(source),
    );
    expect(offenders.map(([file]) => file)).toEqual([]);
  });

  it("the root entry loads the HTTP/SSE transports and OAuth client only for an HTTP server", () => {
    const graph = staticGraph(join(here, "index.ts"));
    expect([...graph.keys()].filter((file) => /http-factory|oauth-login/.test(file))).toEqual([]);
    const offenders = [...graph].filter(([, source]) =>
      /from\s+"@modelcontextprotocol\/sdk\/client\/(sse|streamableHttp|auth)\.js"/.test(source),
    );
    expect(offenders.map(([file]) => file)).toEqual([]);
  });

  it("the stdio entry does", () => {
    const graph = staticGraph(join(here, "stdio", "index.ts"));
    expect([...graph.values()].some((source) => /from\s+"execa"/.test(source))).toBe(true);
  });

  it("the prestart entry spawns with execa but loads neither the MCP SDK nor zod", () => {
    const graph = staticGraph(join(here, "prestart", "index.ts"), { values: true });
    expect([...graph.values()].some((source) => /from\s+"execa"/.test(source))).toBe(true);
    const offenders = [...graph].filter(([, source]) =>
      /^import\s+(?!type\s)[^;]*from\s+"(@modelcontextprotocol\/sdk[^"]*|zod)"/m.test(source),
    );
    expect(offenders.map(([file]) => file)).toEqual([]);
  });
});
