// Bundles the CLI's entry (dist/bin.js, written by tsc) and everything it imports into
// dist/tinyloop.mjs, which bin/tinyloop.js runs, and dist/chunks/: one chunk per lazily
// imported command (program.ts imports a command's code when it runs) and the chunks they
// share. The entry sits in dist/ like bin.js, so import.meta.url-relative paths resolve as
// before (cli-version.ts, which may land in a chunk, looks one and two folders up).
// Node 20 has no module compile cache; resolving and compiling several hundred files of
// tinyloop's packages and their dependencies (zod, the MCP SDK, Ajv, execa, commander,
// yaml) was most of the start-up. The library builds (dist/*.js per package) stay as they are.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

// Kept out of the bundle, loaded from their own packages when used:
// - node-llama-cpp: native, optional, and found from @tinyloop/inference-adapters' folder;
//   the adapter that imports it is loaded only for `--provider local`, so it stays out too.
// - @tinyloop/durable: DBOS and pg are loaded from its own folder, and only by the durable
//   commands (worker, submit, runs). Its `/model-rate` entry (the `--model-rate` parser, which
//   commander runs while parsing, so it is in every command's start-up) is bundled instead:
//   esbuild treats a package's subpaths as external too, so durable's main entry is kept out
//   by the plugin below, not by this list. Loaded from durable's folder, that entry brought
//   DBOS, pg, the agent loop and Ajv (~350 files) into `--help` and `config check`.
// - @tinyloop/otlp-export/start (the OpenTelemetry SDK and OTLP exporter): loaded only with
//   --otlp / OTEL_EXPORTER_OTLP_*, from its own folder, where the SDK's packages are found as
//   published (a bundled CommonJS re-export lost BatchSpanProcessor). They share the bundled
//   @opentelemetry/api's registrations through its global.
const external = [
  "node-llama-cpp",
  "@tinyloop/inference-adapters/llama-cpp",
  "@tinyloop/otlp-export/start",
];

// zod re-exports every one of its ~40 message locales as `z.locales` / `core.locales`. The
// namespaces escape (the MCP SDK passes classic zod's namespaces around), so esbuild keeps
// all of them: 290 KB of the 580 KB classic zod chunk that every command loading the SDK
// compiles. The CLI only ever uses English: classic zod installs it itself (`config(en())`
// imports locales/en.js directly), and agent-files and mcp-transport, written with zod/mini,
// import locales/en.js themselves. In the bundle `locales` offers only `en`. The library
// builds keep zod as is.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: args.importer, namespace: "zod-locales", pluginData: args.resolveDir }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: args.pluginData,
      loader: "js",
    }));
  },
};

// commander require()s node:child_process when it loads, for executable subcommands the CLI
// does not have; loading it (with net, dgram and streams) cost every command, `--help`
// included. In the bundle commander gets it on first use.
const commanderLazyChildProcess = {
  name: "commander-lazy-child-process",
  setup(plugin) {
    plugin.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer)
        ? { path: "lazy-child-process", namespace: "commander-lazy" }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "commander-lazy" }, () => ({
      contents:
        'module.exports = new Proxy({}, { get: (_target, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};

// node:crypto is about 20 of Node's internal modules (~5 ms of CPU to load). Bundled code imports
// it at the top of agent-files (the Hub's blob hash) and mcp-transport (OAuth signing keys,
// which `config check` reaches through the config schema) but calls it only in those rare
// paths, so in the bundle each of its functions loads it on first call. A function not
// listed here fails the build (esbuild: no matching export), never the CLI at run time.
const LAZY_CRYPTO_FUNCTIONS = [
  "createHash",
  "createPrivateKey",
  "generateKeyPairSync",
  "randomBytes",
  "randomUUID",
  "sign",
  "timingSafeEqual",
];
const lazyNodeCrypto = {
  name: "lazy-node-crypto",
  setup(plugin) {
    // Static imports only: an `import("node:crypto")` (pkce-challenge's webcrypto) is lazy already.
    plugin.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      args.kind === "import-statement"
        ? { path: "lazy-node-crypto", namespace: "lazy-node-crypto" }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "lazy-node-crypto" }, () => ({
      contents: [
        'import { createRequire } from "node:module";',
        "let crypto;",
        'const load = () => (crypto ??= createRequire(import.meta.url)("node:crypto"));',
        ...LAZY_CRYPTO_FUNCTIONS.map(
          (name) => `export function ${name}(...args) { return load().${name}(...args); }`,
        ),
      ].join("\n"),
      loader: "js",
    }));
  },
};

// An ES import of node:fs builds its ES module facade, which reads every export: fs.promises
// and the file streams (with all of node:stream) load then, ~3 ms of CPU in every command,
// `--help` included. In the bundle node:fs is required instead and the functions the CLI
// imports are re-exported. A name not listed here fails the build (esbuild: no matching
// export), never the CLI at run time.
const FS_EXPORTS = [
  "accessSync",
  "appendFileSync",
  "closeSync",
  "constants",
  "createReadStream",
  "createWriteStream",
  "existsSync",
  "fstatSync",
  "mkdirSync",
  "mkdtempSync",
  "openSync",
  "readdirSync",
  "readFileSync",
  "readSync",
  "renameSync",
  "rmSync",
  "statSync",
  "symlinkSync",
  "writeFileSync",
  "writeSync",
];
const fsWithoutFacade = {
  name: "fs-without-facade",
  setup(plugin) {
    plugin.onResolve({ filter: /^(node:)?fs$/ }, (args) =>
      args.kind === "import-statement"
        ? { path: "fs-without-facade", namespace: "fs-without-facade" }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "fs-without-facade" }, () => ({
      contents: [
        'import { createRequire } from "node:module";',
        'const fs = createRequire(import.meta.url)("node:fs");',
        "export default fs;",
        `export const { ${FS_EXPORTS.join(", ")} } = fs;`,
      ].join("\n"),
      loader: "js",
    }));
  },
};

// node:fs/promises, loaded, brings readline, the file streams and the file watchers (~3 ms of
// CPU); agent-files imports it at the top for `init`'s starter agent, so `config check` paid it.
// In the bundle each of its functions loads it on first call. As above, a function not listed
// here fails the build.
const LAZY_FS_PROMISES_FUNCTIONS = [
  "chmod",
  "mkdir",
  "open",
  "readdir",
  "readFile",
  "rename",
  "rm",
  "stat",
  "writeFile",
];
const lazyFsPromises = {
  name: "lazy-fs-promises",
  setup(plugin) {
    plugin.onResolve({ filter: /^(node:)?fs\/promises$/ }, (args) =>
      args.kind === "import-statement"
        ? { path: "lazy-fs-promises", namespace: "lazy-fs-promises" }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "lazy-fs-promises" }, () => ({
      contents: [
        'import { createRequire } from "node:module";',
        "let promises;",
        'const load = () => (promises ??= createRequire(import.meta.url)("node:fs/promises"));',
        ...LAZY_FS_PROMISES_FUNCTIONS.map(
          (name) => `export function ${name}(...args) { return load().${name}(...args); }`,
        ),
      ].join("\n"),
      loader: "js",
    }));
  },
};

// `@tinyloop/durable` itself external, its subpaths (`/model-rate`) bundled.
const durableMainExternal = {
  name: "durable-main-external",
  setup(plugin) {
    plugin.onResolve({ filter: /^@tinyloop\/durable$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

// Chunk names carry a content hash: without this, chunks of earlier builds stay in dist/chunks
// and would be packed and published with the new ones.
rmSync("dist/chunks", { recursive: true, force: true });

await build({
  entryPoints: { tinyloop: "dist/bin.js" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  // For packages without `exports`, prefer their ES module build: jsonc-parser's `main` is a
  // UMD build whose factory require()s its own files by computed paths, which a bundle
  // cannot follow (its `module` build is plain ES modules).
  mainFields: ["module", "main"],
  // Dependencies written as CommonJS (Ajv, cross-spawn) call require(); in an ES module it
  // must be made. Every chunk gets its own, made from its own URL.
  banner: {
    js: "import { createRequire as __tinyloopCreateRequire } from 'node:module'; const require = __tinyloopCreateRequire(import.meta.url);",
  },
  // Whitespace and syntax only: smaller files compile faster; names stay for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [
    durableMainExternal,
    fsWithoutFacade,
    lazyFsPromises,
    lazyNodeCrypto,
    zodEnglishOnly,
    commanderLazyChildProcess,
  ],
});

// @tinyloop/agent-server reads its chat page from `public/` next to its module's folder
// (`new URL("../public/", import.meta.url)`); bundled, that module sits in dist/chunks/, so
// the page's files go to dist/public/.
cpSync(
  new URL("../public/", import.meta.resolve("@tinyloop/agent-server")),
  new URL("../dist/public/", import.meta.url),
  { recursive: true },
);

// The libraries the page renders answers with are resolved from agent-server's own
// dependencies, which the bundled chunk cannot reach from dist/chunks/: they go to
// dist/public/vendor/, where agent-server looks first.
const { chatPageVendorFiles } = await import("@tinyloop/agent-server");
for (const [name, file] of Object.entries(chatPageVendorFiles())) {
  cpSync(file, new URL(`../dist/public/vendor/${name}`, import.meta.url));
}
