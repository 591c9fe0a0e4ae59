import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/**
 * The size targets of issue 45, measured the way it measures them: source files are the
 * repository's .ts/.mts/.js/.mjs/.cjs files without tests (`*.test.*`), fixtures
 * (`__fixtures__/`, `tooling/fixtures/`), e2e tests (`e2e/`) and declaration files; a file's
 * size is its line count (as `wc -l` counts).
 */
export const targets = {
  cliSourceLines: 3_500,
  cliFunctionLines: 80,
  fileLines: 400,
  sessionExports: 60,
} as const;

const sourceExtension = /\.(?:ts|mts|js|mjs|cjs)$/;
const notSource = /\.test\.|(?:^|\/)__fixtures__\/|(?:^|\/)e2e\/|^tooling\/fixtures\/|\.d\.ts$/;

/** True for a path (relative to the root, `/`-separated) the targets count as source. */
export function isSourceFile(path: string): boolean {
  return sourceExtension.test(path) && !notSource.test(path);
}

/** Lines as `wc -l` counts them: newline characters. */
export function lineCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/** One function (declaration, expression, arrow, method, accessor, constructor) and its span. */
export interface FunctionSpan {
  name: string;
  /** 1-based line of its first token (after its comments). */
  line: number;
  lines: number;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  return "(anonymous)";
}

/** Every function in a TypeScript source text with its line span, nested ones included. */
export function functionSpans(fileName: string, text: string): FunctionSpan[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      spans.push({ name: nameOf(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/**
 * The names a module exports, read from its text: `export { … }` / `export type { … }` lists
 * (re-exports included), exported declarations, `export default`. `export *` cannot be counted
 * without resolving the module: each one is returned in `starExports`.
 */
export function exportedNames(text: string): { names: string[]; starExports: string[] } {
  const source = ts.createSourceFile("index.ts", text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const starExports: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) starExports.push(statement.moduleSpecifier?.getText(source) ?? "*");
      else if (ts.isNamedExports(clause)) for (const e of clause.elements) names.add(e.name.text);
      else names.add(clause.name.text);
    } else if (ts.isExportAssignment(statement)) {
      names.add("default");
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) names.add(d.name.getText(source));
      } else {
        const name = (statement as { name?: ts.Identifier }).name;
        if (name) names.add(name.text);
      }
    }
  }
  return { names: [...names], starExports };
}

/** What `pnpm shape` reports. */
export interface ShapeReport {
  cliSourceLines: number;
  cliFiles: number;
  longCliFunctions: (FunctionSpan & { file: string })[];
  longFiles: { file: string; lines: number }[];
  sessionEntry: string;
  sessionExports: number;
  sessionStarExports: string[];
}

/** The repository's source files (tracked and new, not ignored), relative to `root`. */
export function sourceFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\n").filter((path) => path !== "" && isSourceFile(path));
}

/** Measures the repository at `root`. */
export function measureShape(root: string, files: string[] = sourceFiles(root)): ShapeReport {
  const read = (file: string) => {
    try {
      return readFileSync(join(root, file), "utf8");
    } catch {
      return undefined; // listed by git, deleted in the working tree
    }
  };
  let cliSourceLines = 0;
  let cliFiles = 0;
  const longCliFunctions: ShapeReport["longCliFunctions"] = [];
  const longFiles: ShapeReport["longFiles"] = [];
  for (const file of files) {
    const text = read(file);
    if (text === undefined) continue;
    const lines = lineCount(text);
    if (lines > targets.fileLines) longFiles.push({ file, lines });
    if (!file.startsWith("apps/cli/src/") || !file.endsWith(".ts")) continue;
    cliSourceLines += lines;
    cliFiles++;
    for (const span of functionSpans(file, text)) {
      if (span.lines > targets.cliFunctionLines) longCliFunctions.push({ file, ...span });
    }
  }
  const manifest = JSON.parse(read("packages/agent-session/package.json") ?? "{}");
  const entry = manifest.exports?.["."]?.["@tinyloop/source"] ?? "./src/index.ts";
  const sessionEntry = join("packages/agent-session", entry);
  const exported = exportedNames(read(sessionEntry) ?? "");
  return {
    cliSourceLines,
    cliFiles,
    longCliFunctions: longCliFunctions.sort((a, b) => b.lines - a.lines),
    longFiles: longFiles.sort((a, b) => b.lines - a.lines),
    sessionEntry,
    sessionExports: exported.names.length,
    sessionStarExports: exported.starExports,
  };
}

/** The targets a report misses, one line each; empty when all are met. */
export function missedTargets(report: ShapeReport): string[] {
  const missed: string[] = [];
  if (report.cliSourceLines > targets.cliSourceLines) {
    missed.push(
      `apps/cli has ${report.cliSourceLines} source lines (goal ≤ ${targets.cliSourceLines})`,
    );
  }
  if (report.longCliFunctions.length > 0) {
    missed.push(
      `${report.longCliFunctions.length} apps/cli function(s) over ${targets.cliFunctionLines} lines`,
    );
  }
  if (report.longFiles.length > 0) {
    missed.push(`${report.longFiles.length} source file(s) over ${targets.fileLines} lines`);
  }
  if (report.sessionExports > targets.sessionExports || report.sessionStarExports.length > 0) {
    missed.push(
      `${report.sessionEntry} exports ${report.sessionExports} names${report.sessionStarExports.length ? ` and ${report.sessionStarExports.length} export *` : ""} (goal ≤ ${targets.sessionExports})`,
    );
  }
  return missed;
}
