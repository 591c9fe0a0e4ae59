#!/usr/bin/env node
// Kept outside dist/ so package managers can link the bin before the first build.
// dist/tinyloop.mjs and dist/chunks/ are the whole CLI bundled (scripts/bundle.mjs);
// `--version` alone is answered without loading them. node:module is loaded by Node itself
// before any script, so importing it costs nothing; node:fs is required, not imported: an ES
// import of it builds its ES module facade, which reads every export, fs.promises and the
// file streams included (~3 ms of CPU, 10% of `node -e 0`).
import nodeModule from "node:module";

const { readFileSync, writeSync } = nodeModule.createRequire(import.meta.url)("node:fs");

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  // Straight to the file descriptor: process.stdout on a pipe would load net and streams first.
  try {
    writeSync(1, `${manifest.version}\n`);
  } catch (error) {
    if (error?.code !== "EAGAIN") throw error;
    process.stdout.write(`${manifest.version}\n`);
  }
} else {
  // Node 22.1+ keeps the bundle's compiled code in its compile cache (in the temporary folder,
  // keyed by file content; NODE_DISABLE_COMPILE_CACHE=1 turns it off), as TypeScript's tsc
  // does: each later start skips compiling ~500 KB of JavaScript. Node 20 has no such cache.
  nodeModule.enableCompileCache?.();
  await import("../dist/tinyloop.mjs");
}
