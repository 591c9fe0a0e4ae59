import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeApiReference } from "./api-reference.js";
import { cliReferencePage } from "./cli-reference.js";
import { errorCodesPage } from "./error-codes.js";
import { packagePage, README_PACKAGES } from "./package-pages.js";
import { repoRoot, workspacePackages } from "./workspace-packages.js";

/** The generated pages (git-ignored): written before every build and dev start. */
const reference = join(repoRoot, "docs/site/reference");

mkdirSync(reference, { recursive: true });
writeFileSync(join(reference, "cli.md"), cliReferencePage());
writeFileSync(
  join(reference, "errors.md"),
  errorCodesPage([...workspacePackages(), { name: "tinyloop (CLI)", dir: "apps/cli" }]),
);
for (const pkg of workspacePackages())
  if (README_PACKAGES.includes(pkg.dir.replace(/^packages\//, "")))
    writeFileSync(
      join(repoRoot, "docs/site/packages", `${pkg.dir.slice("packages/".length)}.md`),
      packagePage(pkg),
    );
rmSync(join(reference, "api"), { recursive: true, force: true });
await writeApiReference(join(reference, "api"));
