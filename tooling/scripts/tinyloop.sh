#!/usr/bin/env bash
# `pnpm tinyloop …` in a clone: runs this clone's CLI in the folder pnpm was called from
# (INIT_CWD), building it first when dist/ is missing or older than any package source.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
built="$root/apps/cli/dist/bin.js"
if [ ! -f "$built" ] ||
  [ -n "$(find "$root/apps/cli/src" "$root"/packages/*/src -newer "$built" ! -name '*.test.ts' -print -quit)" ]; then
  echo "tinyloop: building the CLI first (pnpm build)…" >&2
  # Build output goes to stderr: stdout stays the CLI's own (e.g. --json events).
  (cd "$root" && pnpm exec turbo run build --filter=tinyloop... --output-logs=errors-only) >&2 ||
    exit 1
  # A cache hit leaves dist/ as it was: mark it as current so the next run skips the check.
  touch "$built"
fi
cd "${INIT_CWD:-$PWD}" || exit 2
exec node "$root/apps/cli/bin/tinyloop.js" "$@"
