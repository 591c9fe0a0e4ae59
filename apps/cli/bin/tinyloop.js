#!/usr/bin/env node
// Kept outside dist/ so package managers can link the bin before the first build.
// dist/tinyloop.mjs and dist/chunks/ are the whole CLI bundled (scripts/bundle.mjs);
// `--version` alone is answered without loading them.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const { readFileSync } = await import("node:fs");
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${manifest.version}\n`);
} else {
  await import("../dist/tinyloop.mjs");
}
