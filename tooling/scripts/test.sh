#!/usr/bin/env bash
# The root `pnpm test`: lint, then every package's typecheck and tests (all of them, even
# after a failure, so one run shows every problem), then one summary line.
set -u
biome check . || exit 1
turbo run typecheck test --concurrency=2 --continue
status=$?
node tooling/scripts/test-summary.mjs || status=1
exit "$status"
