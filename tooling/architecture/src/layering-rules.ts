import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { IForbiddenRuleType } from "dependency-cruiser";
import { type Layers, npmName } from "./layers.js";

/**
 * Files on a package's test side (relative to the package folder): tests, e2e tests, fixtures,
 * benches, mutation-testing setups and tool configs. They may use the test tooling and the
 * package's `testsAlsoUse`; everything else is source and keeps to `uses`.
 */
export const testSidePattern =
  "(?:test/|e2e/|bench/|mutation/|.*__fixtures__/|.*\\.test\\.[cm]?[jt]s$|[^/]+\\.config\\.[cm]?[jt]s$)";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (paths: string[]) => `^(?:${paths.map(escapeRegex).join("|")})`;

/** Every file a package publishes as an entry: the string values of its `exports` map. */
function entryFiles(root: string, dir: string): string[] {
  const manifestPath = join(root, dir, "package.json");
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { exports?: unknown };
  const files: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") files.push(posix.join(dir, value));
    else if (value && typeof value === "object") for (const v of Object.values(value)) collect(v);
  };
  collect(manifest.exports);
  return files;
}

/**
 * The forbidden-import rules for a repository laid out as `layers` says. Four kinds:
 * - `<pkg>-uses`: a package's source imports a workspace package not in its `uses`;
 * - `<pkg>-tests-use`: its test side imports one not in `uses`, `testsAlsoUse` or the test tooling;
 * - `<pkg>-relative-reach`: a relative path into another package's folder (its `src/`, `test/`,
 *   `dist/` or anything else): other packages are imported by name;
 * - `<pkg>-deep-import`: a name import that lands beside the other package's published entries
 *   (`@tinyloop/x/src/y.js` where `exports` does not say so);
 * plus `no-unresolvable-workspace-import` (a deep path past the `exports` map, or a package
 * missing from package.json, which pnpm does not link) and
 * `no-cycle` (any file-level cycle, type-only imports included).
 */
export function layeringRules(root: string, layers: Layers): IForbiddenRuleType[] {
  const keys = Object.keys(layers.packages);
  const dirOf = (key: string) => {
    const layer = layers.packages[key];
    if (!layer) throw new Error(`layers.json: "${key}" is used but has no entry under "packages"`);
    return layer.dir;
  };
  const allDirs = keys.map(dirOf).map((dir) => `${dir}/`);
  const rules: IForbiddenRuleType[] = [];
  for (const key of keys) {
    const layer = layers.packages[key]!;
    const own = `${layer.dir}/`;
    const others = allDirs.filter((dir) => dir !== own);
    const allowed = layer.uses.map(dirOf).map((dir) => `${dir}/`);
    const allowedInTests = [
      ...allowed,
      ...(layer.testsAlsoUse ?? []).map(dirOf).map((dir) => `${dir}/`),
      ...layers.testTooling.map(dirOf).map((dir) => `${dir}/`),
    ];
    const sourceSide = {
      path: `^${escapeRegex(own)}`,
      pathNot: `^${escapeRegex(own)}${testSidePattern}`,
    };
    rules.push({
      name: `${key}-uses`,
      severity: "error",
      comment: `${key}'s source may import only: ${layer.uses.join(", ") || "no workspace package"}`,
      from: sourceSide,
      to: {
        path: anyOf(others),
        pathNot: [`^${escapeRegex(own)}`, ...(allowed.length ? [anyOf(allowed)] : [])],
      },
    });
    rules.push({
      name: `${key}-tests-use`,
      severity: "error",
      comment: `${key}'s tests may import only its uses, testsAlsoUse and the test tooling`,
      from: { path: `^${escapeRegex(own)}${testSidePattern}` },
      to: { path: anyOf(others), pathNot: [`^${escapeRegex(own)}`, anyOf(allowedInTests)] },
    });
    // A package not declared in package.json does not resolve under pnpm: the same rules by name.
    // (`$^` matches no name: a package that may use every other one.)
    const namesOutside = (allowedKeys: string[]) => {
      const names = keys.filter((other) => other !== key && !allowedKeys.includes(other));
      return names.length ? names.map(npmName).map(escapeRegex).join("|") : "$^";
    };
    rules.push({
      name: `${key}-uses`,
      severity: "error",
      comment: `${key}'s source may import only: ${layer.uses.join(", ") || "no workspace package"}`,
      from: sourceSide,
      to: { couldNotResolve: true, path: `^(?:${namesOutside(layer.uses)})(?:/|$)` },
    });
    rules.push({
      name: `${key}-tests-use`,
      severity: "error",
      comment: `${key}'s tests may import only its uses, testsAlsoUse and the test tooling`,
      from: { path: `^${escapeRegex(own)}${testSidePattern}` },
      to: {
        couldNotResolve: true,
        path: `^(?:${namesOutside([...layer.uses, ...(layer.testsAlsoUse ?? []), ...layers.testTooling])})(?:/|$)`,
      },
    });
    rules.push({
      name: `${key}-relative-reach`,
      severity: "error",
      comment: "another package is imported by its name, never by a relative path into its folder",
      from: { path: `^${escapeRegex(own)}` },
      to: { path: anyOf(others), dependencyTypes: ["local"] },
    });
  }
  for (const key of keys) {
    const dir = dirOf(key);
    const entries = entryFiles(root, dir);
    rules.push({
      name: `${key}-deep-import`,
      severity: "error",
      comment: `other packages import ${key} only through its published entries (its exports map)`,
      from: { pathNot: `^${escapeRegex(dir)}/` },
      to: {
        path: `^${escapeRegex(dir)}/`,
        ...(entries.length ? { pathNot: `^(?:${entries.map(escapeRegex).join("|")})$` } : {}),
      },
    });
  }
  rules.push({
    name: "no-unresolvable-workspace-import",
    severity: "error",
    comment:
      "a workspace import that does not resolve: a deep path past its exports map, or a package missing from package.json",
    from: {},
    to: {
      couldNotResolve: true,
      path: `^(?:${keys.map((key) => escapeRegex(key === "tinyloop" ? key : `@tinyloop/${key}`)).join("|")})(?:/|$)`,
    },
  });
  rules.push({
    name: "no-cycle",
    severity: "error",
    comment: "no file-level import cycle, type-only imports included",
    from: {},
    to: { circular: true },
  });
  return rules;
}
