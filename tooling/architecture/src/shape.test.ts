import { describe, expect, it } from "vitest";
import {
  exportedNames,
  functionSpans,
  isSourceFile,
  lineCount,
  measureShape,
  missedTargets,
  type ShapeReport,
} from "./shape.js";

describe("shape measurements", () => {
  it("counts as source what the issue counts: no tests, fixtures, e2e or declarations", () => {
    expect(isSourceFile("apps/cli/src/run/repl.ts")).toBe(true);
    expect(isSourceFile("packages/agent-server/public/chat.js")).toBe(true);
    expect(isSourceFile("apps/cli/src/run/repl.test.ts")).toBe(false);
    expect(isSourceFile("apps/cli/src/__fixtures__/tmux-pane.ts")).toBe(false);
    expect(isSourceFile("apps/cli/src/e2e/run.ts")).toBe(false);
    expect(isSourceFile("tooling/fixtures/src/model-server/server.ts")).toBe(false);
    expect(isSourceFile("tooling/vitest-config/index.d.ts")).toBe(false);
    expect(isSourceFile("README.md")).toBe(false);
  });

  it("counts lines as wc -l does", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(1);
    expect(lineCount("")).toBe(0);
  });

  it("finds functions, arrows and methods with their line spans, comments not counted", () => {
    const text = [
      "/** doc */",
      "export function outer() {",
      "  const inner = () => {",
      "    return 1;",
      "  };",
      "  return inner();",
      "}",
      "class A {",
      "  method() {",
      "    return 2;",
      "  }",
      "}",
      "const listed = { handler: function () { return 3; } };",
      "declare function noBody(): void;",
    ].join("\n");
    const spans = functionSpans("a.ts", text).map((s) => `${s.name}:${s.line}:${s.lines}`);
    expect(spans).toEqual(["outer:2:6", "inner:3:3", "method:9:3", "handler:13:1"]);
  });

  it("counts an entry's exported names, and says when export * hides some", () => {
    const text = [
      'export { a, b as c } from "./a.js";',
      'export type { T } from "./t.js";',
      "export const x = 1, y = 2;",
      "export function f() {}",
      "export interface I {}",
      'export * from "./rest.js";',
    ].join("\n");
    expect(exportedNames(text)).toEqual({
      names: ["a", "c", "T", "x", "y", "f", "I"],
      starExports: ['"./rest.js"'],
    });
  });

  it("reports each missed target in words, and nothing when all are met", () => {
    const met: ShapeReport = {
      cliSourceLines: 3_500,
      cliFiles: 1,
      longCliFunctions: [],
      longFiles: [],
      sessionEntry: "packages/agent-session/src/index.ts",
      sessionExports: 60,
      sessionStarExports: [],
    };
    expect(missedTargets(met)).toEqual([]);
    const missed = missedTargets({
      ...met,
      cliSourceLines: 3_501,
      longCliFunctions: [{ file: "apps/cli/src/x.ts", name: "f", line: 1, lines: 81 }],
      longFiles: [{ file: "packages/x/src/y.ts", lines: 401 }],
      sessionExports: 61,
    });
    expect(missed).toHaveLength(4);
    expect(missed[0]).toBe("apps/cli has 3501 source lines (goal ≤ 3500)");
  });

  it("measures a repository given its files", () => {
    const report = measureShape(new URL("../../..", import.meta.url).pathname, [
      "tooling/architecture/src/shape.ts",
    ]);
    expect(report.cliFiles).toBe(0);
    expect(report.sessionExports).toBeGreaterThan(0);
  });
});
