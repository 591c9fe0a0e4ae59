import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkChangesets } from "./changeset-check.js";

/** A throwaway git repository with one publishable and one private package. */
function repo() {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-changesets-"));
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: dir,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
      },
    }).trim();
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  const commit = (message: string) => {
    git("add", "-A");
    git("commit", "-qm", message);
    return git("rev-parse", "HEAD");
  };
  git("init", "-q");
  write({
    ".changeset/README.md": "",
    "packages/lib/package.json": JSON.stringify({ name: "@x/lib" }),
    "packages/lib/src/index.ts": "export const a = 1;",
    "packages/internal/package.json": JSON.stringify({ name: "@x/internal", private: true }),
    "packages/internal/src/index.ts": "",
  });
  const base = commit("start");
  write({ ".changeset/check-base": base });
  commit("record the base");
  return { dir, write, commit };
}

describe("checkChangesets", () => {
  it("passes when no shipped source changed (tests and private packages do not count)", () => {
    const r = repo();
    r.write({ "packages/lib/src/index.test.ts": "", "packages/internal/src/index.ts": "x" });
    r.commit("tests");
    expect(checkChangesets(r.dir)).toMatchObject({ status: "checked", missing: [] });
  });

  it("names a package whose source changed without a changeset, committed or not", () => {
    const r = repo();
    r.write({ "packages/lib/src/index.ts": "export const a = 2;" });
    expect(checkChangesets(r.dir)).toMatchObject({
      missing: [{ name: "@x/lib", files: ["packages/lib/src/index.ts"] }],
    });
    r.commit("change a");
    expect(checkChangesets(r.dir)).toMatchObject({ missing: [{ name: "@x/lib" }] });
  });

  it("passes once a new changeset names the package", () => {
    const r = repo();
    r.write({
      "packages/lib/src/index.ts": "export const a = 2;",
      ".changeset/brave-lib.md": '---\n"@x/lib": patch\n---\n\na is 2 now\n',
    });
    r.commit("change a, with its changeset");
    expect(checkChangesets(r.dir)).toMatchObject({ missing: [] });
  });

  it("accepts internal-only commits labelled [no-changeset], but not a mix", () => {
    const r = repo();
    r.write({ "packages/lib/src/index.ts": "export const a = 1; // refactor" });
    r.commit("lib: rename a local [no-changeset]");
    expect(checkChangesets(r.dir)).toMatchObject({ missing: [] });
    r.write({ "packages/lib/src/index.ts": "export const a = 3;" });
    r.commit("lib: a is 3");
    expect(checkChangesets(r.dir)).toMatchObject({ missing: [{ name: "@x/lib" }] });
  });

  it("says it cannot check when the base commit is not in the clone", () => {
    const r = repo();
    r.write({ ".changeset/check-base": "0123456789abcdef0123456789abcdef01234567" });
    r.commit("unknown base");
    expect(checkChangesets(r.dir)).toMatchObject({ status: "no-base" });
  });
});
