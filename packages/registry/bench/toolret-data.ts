// Loads the ToolRet-APIGen tool-retrieval set (see /work/shared/toolret/SOURCES.md): 3,605 tools
// as `ToolDefinition`s and 1,000 queries with their relevant tool ids. The data is evaluation
// data and is never copied into the repository: it is read from `TINYLOOP_TOOLRET_DIR`, by
// default `../shared/toolret` beside the repository root.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolDefinition } from "@tinyloop/registry";

/** One benchmark query and the ids of the tools that answer it. */
export interface ToolRetQuery {
  id: string;
  query: string;
  relevant: string[];
}

/** The tools (named by their ToolRet id in `idOf`) and the queries. */
export interface ToolRetData {
  dir: string;
  tools: ToolDefinition[];
  /** ToolRet id of each tool, by tool name. */
  idOf: Map<string, string>;
  queries: ToolRetQuery[];
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The main checkout of a git worktree (its `.git` is a file naming `<main>/.git/worktrees/<name>`). */
function mainCheckout(root: string): string | undefined {
  const gitFile = join(root, ".git");
  try {
    const match = /^gitdir:\s*(.+?)[\\/]\.git[\\/]worktrees[\\/]/m.exec(
      readFileSync(gitFile, "utf8"),
    );
    return match?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Where the data is read from: `TINYLOOP_TOOLRET_DIR`, else `../shared/toolret` beside the
 * repository root (for a git worktree, beside its main checkout when not beside the worktree).
 */
export function toolRetDir(): string {
  const fromEnv = process.env.TINYLOOP_TOOLRET_DIR;
  if (fromEnv !== undefined && fromEnv !== "") return resolve(fromEnv);
  const beside = join(repoRoot, "..", "shared", "toolret");
  const main = mainCheckout(repoRoot);
  if (existsSync(beside) || main === undefined) return beside;
  return join(main, "..", "shared", "toolret");
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/** Reads the set, or throws an error that says where it looked and how to point elsewhere. */
export function loadToolRet(): ToolRetData {
  const dir = toolRetDir();
  const missing = ["tools.jsonl", "queries.jsonl"].filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    throw new Error(
      `ToolRet-APIGen data not found: expected ${missing.join(" and ")} in ${dir}. Put the set there (see its SOURCES.md) or set TINYLOOP_TOOLRET_DIR to the folder that holds it, e.g. TINYLOOP_TOOLRET_DIR=/data/toolret pnpm --filter @tinyloop/registry bench.`,
    );
  }
  interface RawTool {
    id: string;
    name: string;
    description: string;
    inputSchema: Record<string, unknown>;
  }
  const raw = readJsonl<RawTool>(join(dir, "tools.jsonl"));
  const idOf = new Map<string, string>();
  const tools = raw.map((tool): ToolDefinition => {
    idOf.set(tool.name, tool.id);
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      toolset: "apigen",
    };
  });
  return { dir, tools, idOf, queries: readJsonl<ToolRetQuery>(join(dir, "queries.jsonl")) };
}
