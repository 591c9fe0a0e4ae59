import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's root, two folders above this file. */
export const repoRoot = resolve(import.meta.dirname, "../..");

/** One library package of the workspace and its entry points (export subpath → source file). */
export interface WorkspacePackage {
  /** `@tinyloop/agent-loop` */
  name: string;
  /** `packages/agent-loop` */
  dir: string;
  /** `{ ".": "src/index.ts", "./stdio": "src/stdio/index.ts" }` from the `@tinyloop/source` condition. */
  entries: Record<string, string>;
}

/** Every package under packages/, read from its package.json `exports`. */
export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(join(repoRoot, "packages"))
    .sort()
    .map((folder) => {
      const dir = `packages/${folder}`;
      const manifest = JSON.parse(readFileSync(join(repoRoot, dir, "package.json"), "utf8")) as {
        name: string;
        exports: Record<string, Record<string, string>>;
      };
      const entries: Record<string, string> = {};
      for (const [subpath, conditions] of Object.entries(manifest.exports)) {
        const source = conditions["@tinyloop/source"];
        if (source) entries[subpath] = source.replace(/^\.\//, "");
      }
      return { name: manifest.name, dir, entries };
    });
}
