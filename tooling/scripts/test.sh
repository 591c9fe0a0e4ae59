#!/usr/bin/env bash
# The root `pnpm test`: lint, the changeset check, then every package's typecheck and tests
# (all of them, even after a failure, so one run shows every problem), then one summary
# line. tooling/publish-check packs every package and installs it from a scratch project.
# Tests skipped for want of a program from outside npm leave a record in .test-skips/
# (emptied here first); the summary ends with one line per program saying what to install.
# Arguments go to turbo (`pnpm test --force` runs every task again, ignoring turbo's cache).
set -u
rm -rf .test-skips
biome check . || exit 1
tsx tooling/publish-check/src/changeset-check-cli.ts || exit 1
turbo run typecheck test --concurrency=2 --continue "$@"
status=$?
node tooling/scripts/test-summary.mjs || status=1
exit "$status"
