import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliCommandLine } from "./cli-command-line.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tinyloop-clone-"));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("clone/pnpm-workspace.yaml", "packages: [apps/*]\n");
  write("clone/package.json", JSON.stringify({ scripts: { tinyloop: "bash x.sh" } }));
  write("clone/apps/cli/package.json", "{}");
  write("other/pnpm-workspace.yaml", "packages: []\n");
  write("other/package.json", "{}");
  mkdirSync(join(dir, "clone/notes"), { recursive: true });
  mkdirSync(join(dir, "elsewhere"), { recursive: true });
  mkdirSync(join(dir, "app/node_modules/tinyloop"), { recursive: true });
  mkdirSync(join(dir, "other/apps/cli"), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cliCommandLine", () => {
  it("is pnpm tinyloop inside the clone, pnpm --dir CLONE tinyloop outside it", () => {
    const cli = join(dir, "clone/apps/cli");
    expect(cliCommandLine(cli, join(dir, "clone"))).toBe("pnpm tinyloop");
    expect(cliCommandLine(cli, join(dir, "clone/notes"))).toBe("pnpm tinyloop");
    expect(cliCommandLine(cli, join(dir, "elsewhere"))).toBe(
      `pnpm --dir ${join(dir, "clone")} tinyloop`,
    );
    // A package of its own in the clone: pnpm would look for the script there.
    expect(cliCommandLine(cli, cli)).toBe(`pnpm --dir ${join(dir, "clone")} tinyloop`);
  });

  it("is tinyloop for an installed CLI, or a workspace without the tinyloop script", () => {
    expect(cliCommandLine(join(dir, "app/node_modules/tinyloop"), dir)).toBe("tinyloop");
    expect(cliCommandLine(join(dir, "other/apps/cli"), join(dir, "other"))).toBe("tinyloop");
  });
});
