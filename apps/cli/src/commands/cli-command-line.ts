import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/**
 * How a person runs this CLI from `cwd`, as the start of a command line: `tinyloop` for an
 * installed CLI; for the CLI of a repository clone (its files not under `node_modules`, and a
 * folder above holding `pnpm-workspace.yaml` and a package.json with a `tinyloop` script),
 * `pnpm tinyloop` when `cwd` is in the clone (pnpm finds that package.json first), else
 * `pnpm --dir CLONE tinyloop` (the script runs the CLI in the folder it was called from).
 */
export function cliCommandLine(cliDir: string, cwd: string): string {
  if (cliDir.split(sep).includes("node_modules")) return "tinyloop";
  const root = cloneRoot(cliDir);
  if (root === undefined) return "tinyloop";
  const inside = !relative(root, cwd).startsWith("..") && nearestPackageJson(cwd) === root;
  return inside ? "pnpm tinyloop" : `pnpm --dir ${quoted(root)} tinyloop`;
}

function cloneRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return hasScript(dir) ? dir : undefined;
    if (dirname(dir) === dir) return undefined;
  }
}

function hasScript(dir: string): boolean {
  try {
    const scripts = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts;
    return typeof scripts?.tinyloop === "string";
  } catch {
    return false;
  }
}

function nearestPackageJson(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** A path as a shell word: quoted when it holds anything but safe characters. */
function quoted(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
