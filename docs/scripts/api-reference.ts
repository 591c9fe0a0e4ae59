import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Application, type Context, Converter, ReflectionKind } from "typedoc";
import { repoRoot, workspacePackages } from "./workspace-packages.js";

/**
 * Writes the TypeScript API reference of every package (from its TSDoc) as Markdown pages
 * under `outDir`, with `typedoc-sidebar.json` for VitePress. One TypeScript program for all
 * packages (TypeDoc's "packages" mode builds one per package and took 8× the CPU here).
 */
export async function writeApiReference(outDir: string): Promise<void> {
  const packages = workspacePackages();
  // TypeDoc names a module by its path ("agent-loop/src/stdio"); the page shows the import.
  const moduleNames = new Map<string, string>();
  const entryPoints: string[] = [];
  for (const pkg of packages) {
    for (const [subpath, file] of Object.entries(pkg.entries)) {
      entryPoints.push(join(repoRoot, pkg.dir, file));
      const modulePath = `${pkg.dir.replace(/^packages\//, "")}/${file.replace(/(\/index)?\.ts$/, "")}`;
      moduleNames.set(modulePath, subpath === "." ? pkg.name : `${pkg.name}${subpath.slice(1)}`);
    }
  }
  const app = await Application.bootstrapWithPlugins({
    entryPoints,
    tsconfig: join(repoRoot, "docs/tsconfig.api.json"),
    plugin: ["typedoc-plugin-markdown", "typedoc-vitepress-theme"],
    out: outDir,
    docsRoot: join(repoRoot, "docs/site"),
    readme: "none",
    outputFileStrategy: "modules",
    skipErrorChecking: true,
    logLevel: "Error",
    sort: ["source-order"],
    name: "tinyloop API",
  } as Record<string, unknown>);
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context: Context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      const name = moduleNames.get(module.name);
      if (name) module.name = name;
    }
  });
  const project = await app.convert();
  if (!project) throw new Error("TypeDoc could not convert the packages (see the errors above).");
  await app.generateOutputs(project);
  hyphenateAnchors(outDir);
}

/**
 * Re-export links are written `#secret_places`, but VitePress makes the heading's anchor
 * `secret-places` (its slugify turns `_` into `-`): spell the links its way.
 */
function hyphenateAnchors(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) hyphenateAnchors(path);
    else if (entry.endsWith(".md")) {
      const text = readFileSync(path, "utf8");
      const fixed = text.replace(
        /\]\(([^)#\s]*)#([\w-]+)\)/g,
        (_m, page: string, anchor: string) => `](${page}#${anchor.replace(/_/g, "-")})`,
      );
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}
