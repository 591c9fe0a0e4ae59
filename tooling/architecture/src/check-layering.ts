import { existsSync } from "node:fs";
import { join } from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import { layeringRules } from "./layering-rules.js";
import type { Layers } from "./layers.js";

/** One broken rule, in words a person can act on. */
export interface LayeringProblem {
  rule: string;
  text: string;
}

function describe(violation: IViolation, comments: Map<string, string>): LayeringProblem {
  const rule = violation.rule.name;
  const why = comments.get(rule) ?? "";
  if (violation.cycle?.length) {
    const path = [violation.from, ...violation.cycle.map((step) => step.name)].join(" → ");
    return {
      rule,
      text: `${rule}: ${path} — move the piece both files need into a file of its own`,
    };
  }
  const to = violation.unresolvedTo ?? violation.to;
  return { rule, text: `${rule}: ${violation.from} → ${to} — ${why}` };
}

/**
 * Cruises every package folder of `root` (as `layers` lists them) with dependency-cruiser and
 * the rules of `layeringRules`. Returns the problems found; an empty list means the layering
 * holds. There is no baseline of known violations and no comment that silences a rule.
 */
export async function checkLayering(root: string, layers: Layers): Promise<LayeringProblem[]> {
  const rules = layeringRules(root, layers);
  const dirs = Object.values(layers.packages)
    .map((layer) => layer.dir)
    .filter((dir) => existsSync(join(root, dir)));
  const result = await cruise(dirs, {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: rules },
    tsPreCompilationDeps: true,
    moduleSystems: ["es6", "cjs"],
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)(node_modules|dist|\\.turbo|\\.stryker-tmp|reports|coverage)/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["@tinyloop/source", "import", "node", "default"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main"],
    },
  });
  if (typeof result.output === "string")
    throw new Error("dependency-cruiser returned text, not a result");
  const comments = new Map(rules.map((rule) => [rule.name ?? "", rule.comment ?? ""]));
  const seen = new Set<string>();
  const problems: LayeringProblem[] = [];
  for (const violation of result.output.summary.violations) {
    const problem = describe(violation, comments);
    if (seen.has(problem.text)) continue;
    seen.add(problem.text);
    problems.push(problem);
  }
  return problems;
}
