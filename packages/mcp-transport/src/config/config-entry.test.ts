import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as config from "./index.js";

/** Every module specifier `file` imports at run time (type-only imports left out), recursively. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  const source = readFileSync(file, "utf8");
  const pattern = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[1] as string;
    if (!specifier.startsWith(".")) {
      seen.add(specifier);
      continue;
    }
    const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
    if (seen.has(target)) continue;
    seen.add(target);
    runtimeImports(target, seen);
  }
  return seen;
}

describe("@tinyloop/mcp-transport/config", () => {
  it("parses a server config like the root entry", () => {
    expect(config.parseServerConfig({ command: "node", args: ["server.js"] })).toMatchObject({
      command: "node",
      args: ["server.js"],
    });
    expect(config.redactUrl("https://user:secret@example.com/mcp")).not.toContain("secret");
  });

  it("loads neither the MCP SDK, Ajv nor execa (only zod)", () => {
    const entry = fileURLToPath(new URL("./index.ts", import.meta.url));
    const packages = [...runtimeImports(entry)].filter((name) => !name.startsWith("/"));
    expect(packages).toEqual(["zod"]);
  });
});
