import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The marker in a commit message that says its package changes need no changeset. */
export const NO_CHANGESET_LABEL = "[no-changeset]";

/** The file that records the commit the check starts from until the first release. */
export const BASE_FILE = ".changeset/check-base";

/** A publishable package whose sources changed since the base without a changeset. */
export interface MissingChangeset {
  name: string;
  dir: string;
  files: string[];
}

/** What the check found: the commit it compared with, and the packages lacking a changeset. */
export type ChangesetCheck =
  | { status: "checked"; base: string; missing: MissingChangeset[] }
  | { status: "no-base"; reason: string };

function git(repo: string, args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
}

function lines(text: string): string[] {
  return text.split("\n").filter(Boolean);
}

/**
 * The commit to compare with: the last release (the newest commit that changed a
 * package's CHANGELOG.md, as `changeset version` does), else the commit in
 * `.changeset/check-base`.
 */
function findBase(repo: string): ChangesetCheck | string {
  const released = git(repo, [
    "log",
    "-1",
    "--format=%H",
    "--",
    "packages/*/CHANGELOG.md",
    "apps/*/CHANGELOG.md",
  ]);
  const recorded = existsSync(join(repo, BASE_FILE))
    ? readFileSync(join(repo, BASE_FILE), "utf8").trim()
    : "";
  const base = released || recorded;
  if (!base) return { status: "no-base", reason: `no release yet and no ${BASE_FILE}` };
  try {
    git(repo, ["cat-file", "-e", `${base}^{commit}`]);
  } catch {
    return { status: "no-base", reason: `commit ${base} is not in this clone (a shallow clone?)` };
  }
  return base;
}

/** A package's source file that users see: not a test, fixture or end-to-end test. */
function isShippedSource(path: string): boolean {
  return (
    /^(packages|apps)\/[^/]+\/src\//.test(path) &&
    !/\.test\.[cm]?[jt]s$/.test(path) &&
    !path.includes("/__fixtures__/") &&
    !path.includes("/e2e/")
  );
}

/** Package names a changeset file's front matter bumps. */
function changesetPackages(text: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  return lines(front)
    .map((line) => /^\s*["']?([^"':]+)["']?\s*:/.exec(line)?.[1]?.trim())
    .filter((name): name is string => Boolean(name));
}

/**
 * Every publishable package whose shipped sources differ from the base (committed or not)
 * must be named by a changeset that is new since the base, unless every commit since the
 * base that touched those sources carries {@link NO_CHANGESET_LABEL} in its message.
 */
export function checkChangesets(repo: string): ChangesetCheck {
  const base = findBase(repo);
  if (typeof base !== "string") return base;
  const changed = lines(git(repo, ["diff", "--name-only", base, "--", "packages", "apps"]))
    .concat(
      lines(git(repo, ["ls-files", "--others", "--exclude-standard", "--", "packages", "apps"])),
    )
    .filter(isShippedSource);
  const byDir = new Map<string, string[]>();
  for (const file of changed) {
    const dir = file.split("/").slice(0, 2).join("/");
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  const atBase = new Set(lines(git(repo, ["ls-tree", "--name-only", base, ".changeset/"])));
  const named = new Set(
    readdirSync(join(repo, ".changeset"))
      .filter((file) => file.endsWith(".md") && file !== "README.md")
      .filter((file) => !atBase.has(`.changeset/${file}`))
      .flatMap((file) => changesetPackages(readFileSync(join(repo, ".changeset", file), "utf8"))),
  );
  const missing: MissingChangeset[] = [];
  for (const [dir, files] of byDir) {
    const manifestPath = join(repo, dir, "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      name: string;
      private?: boolean;
    };
    if (manifest.private || named.has(manifest.name)) continue;
    const uncommitted = lines(git(repo, ["status", "--porcelain", "--", ...files])).length > 0;
    const messages = lines(
      git(repo, ["log", "--format=%H %s%n%b%x00", `${base}..HEAD`, "--", ...files])
        .replace(/\n/g, " ")
        .replace(/\0/g, "\n"),
    );
    const allLabelled =
      messages.length > 0 && messages.every((message) => message.includes(NO_CHANGESET_LABEL));
    if (!uncommitted && allLabelled) continue;
    missing.push({ name: manifest.name, dir, files });
  }
  return { status: "checked", base, missing };
}
