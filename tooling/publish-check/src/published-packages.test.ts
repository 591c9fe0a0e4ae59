import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestProblems } from "./manifest-rules.js";
import { type PackedPackage, packPackage } from "./pack-package.js";
import { tarballProblems } from "./tarball-problems.js";
import { type Manifest, publishablePackages } from "./workspace-packages.js";

const packages = publishablePackages();

describe("every publishable package.json", () => {
  it("finds the publishable packages", () => {
    expect(packages.map((pkg) => pkg.manifest.name)).toContain("@tinyloop/registry");
    expect(packages.map((pkg) => pkg.manifest.name)).toContain("tinyloop");
  });

  it.each(packages.map((pkg) => [pkg.path, pkg] as const))("%s is fit to publish", (_path, pkg) => {
    expect(manifestProblems(pkg)).toEqual([]);
  });
});

describe("the packed tarballs, installed from a scratch project with npm", () => {
  const project = mkdtempSync(join(tmpdir(), "tinyloop-scratch-"));
  const packed = new Map<string, PackedPackage>();

  beforeAll(async () => {
    for (const pkg of packages) packed.set(pkg.manifest.name, await packPackage(pkg));
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "scratch", private: true, type: "module" }),
    );
    // All tarballs at once, so the packages' ranges on each other resolve to these builds;
    // third-party dependencies come from the npm registry, as for a user.
    await execa(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        ...[...packed.values()].map((p) => p.tarball),
      ],
      { cwd: project, env: { npm_config_update_notifier: "false" } },
    );
  });

  it.each(packages.map((pkg) => [pkg.manifest.name] as const))(
    "%s: exports and source maps point at files in the tarball, no tests shipped",
    (name) => {
      const dir = join(project, "node_modules", name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
      expect(tarballProblems(dir, manifest)).toEqual([]);
    },
  );

  it.each(packages.map((pkg) => [pkg.manifest.name, pkg.manifest] as const))(
    "%s: every export subpath imports with plain node (no source condition)",
    async (name, manifest) => {
      const subpaths = Object.keys(manifest.publishConfig?.exports ?? manifest.exports ?? {});
      for (const subpath of subpaths) {
        const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
        const { stdout } = await execa(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length)`,
          ],
          { cwd: project },
        );
        expect(Number(stdout), `${specifier} has no named exports`).toBeGreaterThan(0);
      }
    },
  );

  it("the installed tinyloop bin runs", async () => {
    const { stdout } = await execa(
      join(project, "node_modules", ".bin", "tinyloop"),
      ["--version"],
      {
        cwd: project,
      },
    );
    const cli = packages.find((pkg) => pkg.manifest.name === "tinyloop");
    expect(stdout.trim()).toBe(cli?.manifest.version);
  });
});
