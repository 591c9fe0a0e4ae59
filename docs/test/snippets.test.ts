import { beforeAll, describe, expect, it } from "vitest";
import { compileSnippets } from "../scripts/compile-snippets.js";
import { snippetsOf, typescriptSnippets } from "../scripts/typescript-snippets.js";

/**
 * Markdown whose ```ts blocks did not compile when this check came (2026-12-07), mostly
 * pieces of a larger program: their owners mark those ```ts fragment or complete them, then
 * take the file off this list. Every other file's snippets must compile.
 */
const NOT_YET_CHECKED = new Set([
  "docs/site/packages/agent-session.md",
  "docs/site/packages/durable.md",
  "docs/site/packages/inference-adapters.md",
  "docs/site/packages/mcp-registration.md",
  "docs/site/packages/terminal-text.md",
  "packages/agent-session/README.md",
  "packages/durable/README.md",
  "docs/site/models/llama-cpp.md",
  "packages/inference-adapters/README.md",
  "packages/mcp-registration/README.md",
  "packages/terminal-text/README.md",
  "tooling/fixtures/src/mcp-server/README.md",
  "tooling/fixtures/src/process-guard/README.md",
  "tooling/fixtures/src/task-server/README.md",
]);

describe("TypeScript snippets in the docs and READMEs", () => {
  it("finds ```ts blocks with their lines, leaving out ```ts fragment", () => {
    const markdown =
      "# x\n\n```ts\nconst a = 1;\n```\n\n```ts fragment\nb();\n```\n```sh\nls\n```\n";
    expect(snippetsOf("x.md", markdown)).toEqual([{ file: "x.md", line: 4, code: "const a = 1;" }]);
  });

  // One compile (it reads the packages' source, the slow part): every snippet, plus one that
  // must fail, so the check is seen to catch an error and to place it at its Markdown line.
  const checked = typescriptSnippets().filter((snippet) => !NOT_YET_CHECKED.has(snippet.file));
  const broken = {
    file: "broken.md",
    line: 10,
    code: 'import { Agent } from "@tinyloop/agent-loop";\nnew Agent(42);',
  };
  let errors: string[] = [];
  beforeAll(() => {
    errors = compileSnippets([broken, ...checked]);
  });

  it("reports a snippet that does not compile, at its Markdown line", () => {
    expect(errors.some((error) => error.startsWith("broken.md:11: "))).toBe(true);
  });

  it("compiles every snippet of the site and the READMEs", () => {
    expect(checked.length).toBeGreaterThan(10);
    expect(errors.filter((error) => !error.startsWith("broken.md:"))).toEqual([]);
  });
});
