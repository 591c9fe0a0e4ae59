import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
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

  it("loads neither the MCP SDK, Ajv, execa nor classic zod (only zod/mini, English and node built-ins)", () => {
    const entry = fileURLToPath(new URL("./index.ts", import.meta.url));
    const packages = [...runtimeImports(entry)].filter((name) => !name.startsWith("/"));
    // @tinyloop/errors imports nothing; its /zod entry brings zod's English locale. node:crypto
    // (built in) reads an oauth.privateKey, so a key in the wrong format fails the config check;
    // node:os and node:path make a sandbox setting's policy (sandboxPolicyFor) to show.
    expect(packages.sort()).toEqual([
      "@tinyloop/errors",
      "@tinyloop/errors/zod",
      "node:crypto",
      "node:os",
      "node:path",
      "zod/mini",
    ]);
  });

  it("no source file of the package imports classic zod", () => {
    const src = fileURLToPath(new URL("..", import.meta.url));
    const classic = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .filter((file) => /from\s+"zod(?:\/v4)?"/.test(readFileSync(join(src, file), "utf8")));
    expect(classic).toEqual([]);
  });
});
