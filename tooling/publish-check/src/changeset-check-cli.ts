/**
 * `pnpm changeset:check` (run first by `pnpm test`): fails when a publishable package's
 * sources changed since the last release without a changeset naming it.
 */
import { BASE_FILE, checkChangesets, NO_CHANGESET_LABEL } from "./changeset-check.js";
import { repoRoot } from "./workspace-packages.js";

const result = checkChangesets(repoRoot);
if (result.status === "no-base") {
  process.stdout.write(`changeset check skipped: ${result.reason}\n`);
} else if (result.missing.length === 0) {
  process.stdout.write(
    `changeset check: every changed package has a changeset (since ${result.base.slice(0, 7)})\n`,
  );
} else {
  for (const pkg of result.missing) {
    const shown =
      pkg.files.slice(0, 3).join(", ") +
      (pkg.files.length > 3 ? `, … (${pkg.files.length} files)` : "");
    process.stderr.write(
      `changeset check: ${pkg.name} changed since ${result.base.slice(0, 7)} without a changeset (${shown})\n`,
    );
  }
  process.stderr.write(
    `Fix: run \`pnpm changeset\` and name each package above with what a user notices, or, for internal-only changes (refactors, tests, docs), put ${NO_CHANGESET_LABEL} in the message of every commit that touched its sources. The check compares with the last release, or with the commit in ${BASE_FILE} before the first one.\n`,
  );
  process.exit(1);
}
