import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What the built CLI loads before a command's own code: the bundle's entry and every chunk
 * it imports statically (bin/tinyloop.js imports dist/tinyloop.mjs; program.ts imports a
 * command's code with `import()` when it runs). `--help` and `--version` load this alone,
 * `config check` this plus its own chunk's static imports. The MCP SDK, the agent loop and
 * the session are for commands that connect servers; one stray static import of them (an
 * option helper in a module that also imports @tinyloop/agent-session did it once) puts
 * hundreds of kilobytes on every command's start-up, and only the start-up bench would see it.
 */
const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

/** Static imports of a bundle file: `import … from "./x.mjs"` and `import "./x.mjs"`, not `import()`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[^'"();]*?from\s*)?["'](\.[^"']+)["']/g,
  )) {
    found.push(resolve(dirname(file), match[1] as string));
  }
  return found;
}

/** `files` and everything they import statically, transitively. */
function staticClosure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

/** The chunk that program.ts imports for a command module (chunk names are `<module>-<hash>`). */
function commandChunk(module: string): string {
  const names = readdirSync(join(dist, "chunks")).filter((name) =>
    new RegExp(`^${module}-[A-Z0-9]+\\.mjs$`).test(name),
  );
  expect(names, `one chunk for ${module}`).toHaveLength(1);
  return join(dist, "chunks", names[0] as string);
}

/**
 * Code only the server-connecting commands need, by strings their bundled code carries: a
 * protocol method of the SDK, agent-loop's error class name (`this.name = …`, as the bundle
 * writes it without whitespace), a text of agent-session's server connecting. The first test checks they are all there.
 */
const HEAVY = {
  "the MCP SDK": "notifications/initialized",
  // Not its error class: config check's model choice can throw it (a 600-byte chunk).
  "@tinyloop/agent-session": "waiting to start)",
  "@tinyloop/agent-loop": 'this.name="AgentError"',
  // agent-files checks `toolCallFormat` against the format names alone (inference-adapters/presets).
  "the text tool-call parsers": "TextToolCallStream",
};

/**
 * Packages the bundle leaves out (scripts/bundle.mjs) and loads from their own folders, each
 * with hundreds of files of its own: a static import of one from the start-up closure loads
 * all of them. `@tinyloop/durable` did (the `--model-rate` parser imported its main entry:
 * DBOS, pg, the agent loop and Ajv, over 100 ms of every command's start-up).
 */
const EXTERNAL_HEAVY =
  /from\s*["'](@tinyloop\/durable|@opentelemetry\/sdk-trace-node|node-llama-cpp)["']/;

function externalHeavyIn(files: Set<string>): string[] {
  return [...files].filter((file) => EXTERNAL_HEAVY.test(readFileSync(file, "utf8")));
}

function heavyIn(files: Set<string>): string[] {
  const texts = [...files].map((file) => readFileSync(file, "utf8"));
  return Object.entries(HEAVY)
    .filter(([, marker]) => texts.some((text) => text.includes(marker)))
    .map(([what]) => what);
}

describe("what the built CLI loads at start-up", () => {
  const entry = join(dist, "tinyloop.mjs");

  it("the markers name code that is in the bundle (so their absence below means something)", () => {
    const all = new Set(
      readdirSync(join(dist, "chunks")).map((name) => join(dist, "chunks", name)),
    );
    expect(heavyIn(all)).toEqual(Object.keys(HEAVY));
    expect(heavyIn(staticClosure([commandChunk("run-command")]))).toEqual(Object.keys(HEAVY));
  });

  it("--help and --version load none of the SDK, the agent loop or the session", () => {
    expect(heavyIn(staticClosure([entry]))).toEqual([]);
  });

  it("--help and config check import no external package statically (durable's main entry only from its commands)", () => {
    expect(externalHeavyIn(staticClosure([commandChunk("worker")]))).not.toEqual([]);
    expect(externalHeavyIn(staticClosure([entry, commandChunk("config-check")]))).toEqual([]);
  });

  it("a run without --otlp loads no OpenTelemetry SDK: only otlp-export's start entry reaches it, and only with import()", () => {
    const sdk =
      /from\s*["'](?:@opentelemetry\/(?:sdk-trace-node|exporter-trace-otlp-http|resources)|@tinyloop\/otlp-export\/start)["']|import\(["']@opentelemetry\//;
    const runClosure = [...staticClosure([entry, commandChunk("run-command")])];
    expect(runClosure.filter((file) => sdk.test(readFileSync(file, "utf8")))).toEqual([]);
    const start = /import\(["']@tinyloop\/otlp-export\/start["']\)/;
    expect(
      [...staticClosure([entry])].filter((file) => start.test(readFileSync(file, "utf8"))),
    ).not.toEqual([]);
  });

  it("config check loads none of them either", () => {
    expect(heavyIn(staticClosure([entry, commandChunk("config-check")]))).toEqual([]);
  });

  it("no bundled file imports node:fs or node:fs/promises as an ES module (scripts/bundle.mjs requires them)", () => {
    // An ES import builds the module's facade, which reads every export: the file streams, and
    // for fs/promises readline and the file watchers, load in every command then.
    const files = [
      entry,
      ...readdirSync(join(dist, "chunks")).map((name) => join(dist, "chunks", name)),
    ];
    const esImport = /(?:^|[;\n}])\s*import\s*[^'"();]*?from\s*["'](?:node:)?fs(?:\/promises)?["']/;
    expect(files.filter((file) => esImport.test(readFileSync(file, "utf8")))).toEqual([]);
    expect(
      files.some((file) =>
        /createRequire\(import\.meta\.url\)\("node:fs"\)/.test(readFileSync(file, "utf8")),
      ),
    ).toBe(true);
  });
});
