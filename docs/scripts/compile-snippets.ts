import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { Snippet } from "./typescript-snippets.js";
import { repoRoot } from "./workspace-packages.js";

/**
 * Where snippets are written to compile: under docs/node_modules, so `@tinyloop/*` resolve
 * from docs/ while the layering check and git leave them alone.
 */
const snippetDir = join(repoRoot, "docs/node_modules/.cache/snippets");

/**
 * Type-checks each snippet as its own module (strict, as the packages are), resolving the
 * workspace packages to their source. Returns one line per error, `file:line: message`, with
 * the line of the Markdown file.
 */
export function compileSnippets(snippets: Snippet[]): string[] {
  rmSync(snippetDir, { recursive: true, force: true });
  mkdirSync(snippetDir, { recursive: true });
  const origin = new Map<string, Snippet>();
  snippets.forEach((snippet, index) => {
    const name = `${String(index).padStart(3, "0")}-${snippet.file.replace(/[^\w]+/g, "-")}.ts`;
    const path = join(snippetDir, name);
    // `export {}` makes each a module of its own, so two snippets' names never collide.
    writeFileSync(path, `export {};\n${snippet.code}\n`);
    origin.set(path, snippet);
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, "docs/tsconfig.snippets.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("docs/tsconfig.snippets.json could not be read.");
  const program = ts.createProgram([...origin.keys()], config.options);
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const snippet = diagnostic.file && origin.get(diagnostic.file.fileName);
    if (!snippet || diagnostic.start === undefined) return [];
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    return [`${snippet.file}:${snippet.line + line - 1}: ${message}`];
  });
}
